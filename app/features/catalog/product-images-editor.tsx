import { useEffect, useId, useRef, useState } from "react";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { imagesApi } from "#app/features/catalog/product-images-api.ts";
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGES_PER_PRODUCT } from "#domain/catalog/product-image-rules.ts";
import type { ProductImagesView } from "#domain/catalog/product-image-schemas.ts";

type Props = {
  productId: string;
  /** The gallery as the page's loader read it. */
  initial: ProductImagesView;
};

type Message = { kind: "error" | "success"; text: string };
/** After a move the same button of the moved photo keeps the focus, so a keyboard user can move it again. */
type FocusTarget = { imageId: string; action: "up" | "down" | "main" | "delete" | "upload" };

const errorText = (error: unknown) => (error instanceof ApiCallError ? error.message : "Não foi possível concluir. Tente novamente.");

/**
 * The product's photos (issue 17 item 6): send one (JPEG, PNG or WebP, up to 10 MB), put them in
 * order with buttons (keyboard and screen reader: no drag needed), choose the main one, delete.
 * Every answer of the server is the whole gallery, which replaces what is shown.
 */
export function ProductImagesEditor({ productId, initial }: Props) {
  const [gallery, setGallery] = useState(initial);
  const [busy, setBusy] = useState<"upload" | "change" | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  // Read after the render that a change causes (no state of its own: it changes nothing on screen).
  const focusTarget = useRef<FocusTarget | null>(null);
  const buttons = useRef(new Map<string, HTMLElement>());
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const headingId = useId();
  const images = gallery.images;
  const full = images.length >= MAX_IMAGES_PER_PRODUCT;

  useEffect(() => {
    const wanted = focusTarget.current;
    if (!wanted) return;
    focusTarget.current = null;
    // The button asked for, or (when the photo reached an end, or is gone) another of its enabled buttons, else the file field.
    const actions = [wanted.action, "up", "down", "main", "delete"];
    const target = actions
      .map((action) => buttons.current.get(`${wanted.imageId}:${action}`))
      .find((element) => element && !(element as HTMLButtonElement).disabled);
    (target ?? fileInput.current)?.focus();
  });
  const setFocusTarget = (target: FocusTarget | null) => {
    focusTarget.current = target;
  };

  const register = (imageId: string, action: FocusTarget["action"]) => (element: HTMLElement | null) => {
    if (element) buttons.current.set(`${imageId}:${action}`, element);
    else buttons.current.delete(`${imageId}:${action}`);
  };

  async function change(run: () => Promise<ProductImagesView>, done: string, focus: FocusTarget | null) {
    setBusy("change");
    setMessage(null);
    try {
      setGallery(await run());
      setMessage({ kind: "success", text: done });
      setFocusTarget(focus);
    } catch (error) {
      setMessage({ kind: "error", text: errorText(error) });
    } finally {
      setBusy(null);
    }
  }

  function move(index: number, offset: -1 | 1) {
    const order = images.map((image) => image.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + offset, 0, moved!);
    const position = index + offset + 1;
    void change(
      () => imagesApi.reorder(productId, order),
      `Foto movida para a posição ${position} de ${order.length}.${position === 1 ? " Agora é a principal." : ""}`,
      { imageId: moved!, action: offset < 0 ? "up" : "down" },
    );
  }

  async function upload(file: File) {
    setBusy("upload");
    setMessage(null);
    try {
      setGallery(await imagesApi.upload(productId, file));
      setMessage({ kind: "success", text: `Foto "${file.name}" enviada.` });
    } catch (error) {
      setMessage({ kind: "error", text: errorText(error) });
    } finally {
      setBusy(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-bold text-stone-950">
        Fotos do produto
      </h2>
      <p id={hintId} className="text-sm text-stone-700">
        JPEG, PNG ou WebP, até 10 MB. A primeira foto é a principal: aparece nos cards, na página do produto e nas prévias de links. Sem
        fotos, o produto usa a ilustração do catálogo.
      </p>

      <div>
        <label htmlFor={inputId} className="block text-sm font-semibold text-stone-900">
          Enviar foto
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          aria-describedby={hintId}
          disabled={busy !== null || full}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
          // The browser's own file button: familiar on every phone, and no extra styles in the shop's stylesheet.
          className={`mt-1 block w-full text-sm text-stone-800 ${focusRing}`}
        />
        {full ? (
          <p className="mt-1 text-sm text-stone-700">Limite de {MAX_IMAGES_PER_PRODUCT} fotos: exclua uma para enviar outra.</p>
        ) : null}
      </div>

      <div aria-live="polite" className="space-y-2">
        {busy === "upload" ? <FormMessage kind="info">Enviando e preparando a foto (AVIF e WebP em três tamanhos)…</FormMessage> : null}
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      </div>

      {images.length === 0 ? (
        <p className="rounded-lg border border-stone-300 p-4 text-sm text-stone-700">
          Nenhuma foto enviada ainda. O produto mostra a ilustração do catálogo.
        </p>
      ) : (
        <ol aria-label="Fotos na ordem da galeria" className="space-y-3">
          {images.map((image, index) => {
            const label = `Foto ${index + 1} de ${images.length}`;
            return (
              <li key={image.id} className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3 sm:flex-row sm:items-start">
                <picture className="block shrink-0 sm:w-[356px]">
                  <source type="image/avif" srcSet={image.avifSrcSet} sizes="(min-width: 640px) 356px, 100vw" />
                  <source type="image/webp" srcSet={image.webpSrcSet} sizes="(min-width: 640px) 356px, 100vw" />
                  <img
                    src={image.src}
                    alt={`${label}${image.main ? " (principal)" : ""}`}
                    width={356}
                    height={267}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] h-auto w-full rounded-lg bg-stone-100 object-cover"
                  />
                </picture>
                <div className="min-w-0 flex-1 space-y-2">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-stone-900">
                    {label}
                    {image.main ? (
                      <span className="rounded-full bg-emerald-100 px-2 text-xs font-semibold text-emerald-900">Principal</span>
                    ) : null}
                  </p>
                  <p className="text-xs text-stone-600">
                    Original: {image.originalWidth} × {image.originalHeight} px
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <button
                      ref={register(image.id, "up")}
                      type="button"
                      disabled={busy !== null || index === 0}
                      aria-label={`Subir a ${label.toLowerCase()}`}
                      onClick={() => move(index, -1)}
                      className={buttonClass("secondary")}
                    >
                      <span aria-hidden="true">↑</span> Subir
                    </button>
                    <button
                      ref={register(image.id, "down")}
                      type="button"
                      disabled={busy !== null || index === images.length - 1}
                      aria-label={`Descer a ${label.toLowerCase()}`}
                      onClick={() => move(index, 1)}
                      className={buttonClass("secondary")}
                    >
                      <span aria-hidden="true">↓</span> Descer
                    </button>
                    {image.main ? null : (
                      <button
                        ref={register(image.id, "main")}
                        type="button"
                        disabled={busy !== null}
                        aria-label={`Tornar principal a ${label.toLowerCase()}`}
                        onClick={() =>
                          void change(() => imagesApi.makeMain(productId, image.id), "Foto principal escolhida.", {
                            imageId: image.id,
                            action: "up",
                          })
                        }
                        className={buttonClass("secondary")}
                      >
                        <span aria-hidden="true">★</span> Tornar principal
                      </button>
                    )}
                    {confirmingDelete === image.id ? (
                      <>
                        <button
                          ref={register(image.id, "delete")}
                          type="button"
                          disabled={busy !== null}
                          onClick={() => {
                            setConfirmingDelete(null);
                            const next = images[index + 1] ?? images[index - 1];
                            void change(
                              () => imagesApi.remove(productId, image.id),
                              "Foto excluída.",
                              next ? { imageId: next.id, action: "up" } : { imageId: "", action: "upload" },
                            );
                          }}
                          className={buttonClass("secondary", "border-red-700 text-red-800")}
                        >
                          Confirmar exclusão da {label.toLowerCase()}
                        </button>
                        <button
                          type="button"
                          onClick={() => {
                            setConfirmingDelete(null);
                            setFocusTarget({ imageId: image.id, action: "delete" });
                          }}
                          className={buttonClass("ghost")}
                        >
                          Cancelar
                        </button>
                      </>
                    ) : (
                      <button
                        ref={register(image.id, "delete")}
                        type="button"
                        disabled={busy !== null}
                        aria-label={`Excluir a ${label.toLowerCase()}`}
                        onClick={() => {
                          setConfirmingDelete(image.id);
                          setFocusTarget({ imageId: image.id, action: "delete" });
                        }}
                        className={buttonClass("secondary", "text-red-800")}
                      >
                        Excluir
                      </button>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
