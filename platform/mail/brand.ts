/**
 * The shop's name or logo at the top of every e-mail, put in when the message is sent (decision
 * 062): the templates mark the place, the mailer fills it with what the owner saved, so an e-mail
 * queued before a new logo goes out with the new one. Knows no shop: the name and the logo's
 * address come from the settings reader.
 */

export const BRAND_START = "<!--marca-->";
export const BRAND_END = "<!--/marca-->";
const SLOT = /<!--marca-->[\s\S]*?<!--\/marca-->/;
/** The text part's last line, "— <name>". */
const SIGNATURE = /\n— [^\n]*$/;

export type MailBrand = { name: string; logo: { url: string; width: number; height: number } | null };

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

/** The header's HTML: the logo (its name as the alternative text), or the name in the brand's colour. */
export function brandHtml(brand: MailBrand): string {
  if (!brand.logo) return `<p style="font-size:18px;font-weight:700;color:#065f46;margin:0 0 24px">${escapeHtml(brand.name)}</p>`;
  // Drawn at half its pixel size: sharp on a phone's screen.
  const width = Math.round(brand.logo.width / 2);
  const height = Math.round(brand.logo.height / 2);
  return `<p style="margin:0 0 24px"><img src="${escapeHtml(brand.logo.url)}" alt="${escapeHtml(brand.name)}" width="${width}" height="${height}" style="display:block;border:0;height:${height}px;width:${width}px"></p>`;
}

export function withBrand<M extends { html: string; text: string }>(message: M, brand: MailBrand | undefined): M {
  if (!brand) return message;
  return {
    ...message,
    html: message.html.replace(SLOT, () => `${BRAND_START}${brandHtml(brand)}${BRAND_END}`),
    text: message.text.replace(SIGNATURE, () => `\n— ${brand.name}`),
  };
}
