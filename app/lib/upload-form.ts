import { messageForPeople } from "#app/lib/error-messages.ts";
import { ApiCallError, NetworkError } from "#app/lib/fetch-json.ts";

const FALLBACK = "Não foi possível enviar o arquivo. Tente novamente.";

/**
 * Sends one file as multipart/form-data to an API address (the contracts' `href`) and reads the JSON
 * answer; a refusal becomes an ApiCallError with the server's Portuguese message.
 */
export async function uploadForm<T>(href: string, field: string, file: File): Promise<T> {
  const form = new FormData();
  form.set(field, file);
  let response: Response;
  try {
    response = await fetch(href, { method: "POST", body: form, credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    throw new NetworkError();
  }
  const body = (await response.json().catch(() => null)) as T | { error?: { code?: string; message?: string } } | null;
  if (!response.ok) {
    const error = body && typeof body === "object" && "error" in body ? body.error : undefined;
    throw new ApiCallError(
      messageForPeople(error?.code ?? "unknown", error?.message ?? "", FALLBACK),
      response.status,
      error?.code ?? "unknown",
      error?.message ?? "",
    );
  }
  return body as T;
}
