import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LogoLink } from "#app/features/shell/logo-link.tsx";
import { ShopBrandContext } from "#app/shared/shop-brand.tsx";

const render = (brand?: React.ComponentProps<typeof ShopBrandContext>["value"]) =>
  renderToString(
    <MemoryRouter>
      {brand ? (
        <ShopBrandContext value={brand}>
          <LogoLink />
        </ShopBrandContext>
      ) : (
        <LogoLink />
      )}
    </MemoryRouter>,
  );

describe("the header's logo (decision 062)", () => {
  it("is the owner's uploaded logo, named with the shop's name, drawn 32 px high", () => {
    const html = render({ name: "Cogumelos da Serra", logo: { url: "/uploads/logos/abc.png", width: 256, height: 64 } });
    expect(html).toContain('aria-label="Cogumelos da Serra – página inicial"');
    expect(html).toMatch(/<img src="\/uploads\/logos\/abc\.png" alt="Cogumelos da Serra" width="128" height="32"/);
  });

  it("is the built-in one without an upload", () => {
    expect(render()).toMatch(/<img[^>]*src="\/logo\.svg"[^>]*alt="Loja Micologia"|<img[^>]*alt="Loja Micologia"[^>]*src="\/logo\.svg"/);
  });
});
