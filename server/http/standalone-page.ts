/**
 * A page that needs nothing that may be failing (the build, the database, the settings): plain HTML
 * with its styles inline and no script. The maintenance page and the "database busy" page are these.
 * `shopName`: this process's copy of the owner's (knownShopName), never a read that could wait.
 */
export function standalonePage(title: string, body: string, shopName: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${escapeHtml(shopName)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fafaf9;color:#1c1917;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.75rem;margin:0 0 1rem;color:#0c0a09}
p{margin:0 0 1rem;font-size:1.0625rem}
a{color:#065f46;font-weight:600}
a:focus-visible{outline:3px solid #065f46;outline-offset:2px}
.small{font-size:.9375rem;color:#44403c}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
