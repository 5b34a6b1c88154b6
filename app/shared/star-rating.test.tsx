import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StarRating } from "#app/shared/star-rating.tsx";

const lines = (html: string) => [...html.matchAll(/data-rating="(\w+)"/g)].map((match) => match[1]);

describe("a product's ratings (decision 057)", () => {
  const verified = { average: 4.5, count: 2 };
  const imported = { average: 4.9, count: 120 };

  it("on the product page shows the verified reviews and, apart and labelled, the previous shop's", () => {
    const html = renderToString(<StarRating ratings={{ verified, imported }} />);
    expect(lines(html)).toEqual(["verified", "imported"]);
    expect(html).toContain("Avaliação 4,5 de 5, 2 avaliações verificadas");
    expect(html).toContain("da loja anterior");
  });

  it("on a product card (one line) shows only the verified reviews once there are any", () => {
    const html = renderToString(<StarRating ratings={{ verified, imported }} compact />);
    expect(lines(html)).toEqual(["verified"]);
    expect(html).not.toContain("loja anterior");
  });

  it("on a product card without verified reviews shows the previous shop's figures, still labelled as theirs", () => {
    const html = renderToString(<StarRating ratings={{ verified: { average: 0, count: 0 }, imported }} compact />);
    expect(lines(html)).toEqual(["imported"]);
    expect(html).toContain("Avaliação da loja anterior: 4,9 de 5, 120 avaliações");
    expect(html).not.toContain("Sem avaliações verificadas");
  });

  it("on a product card with neither says there are no verified reviews, never a number", () => {
    const html = renderToString(<StarRating ratings={{ verified: { average: 0, count: 0 }, imported: null }} compact />);
    expect(lines(html)).toEqual(["verified"]);
    expect(html).toContain("Sem avaliações verificadas");
  });
});
