/**
 * A one-page PDF of plain text lines, written by hand (PDF 1.4, the standard Helvetica font with
 * WinAnsi encoding, so Portuguese accents print): enough for a placeholder document, with no
 * dependency. Lines are drawn as given; callers wrap them.
 */

export type PdfLine = { text: string; size?: number; bold?: boolean };

/** Latin-1 bytes of the text, PDF string escapes applied; characters outside Latin-1 become "-" or "?". */
function pdfString(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    const latin = code <= 0xff ? char : /[\u2010-\u2015]/.test(char) ? "-" : "?";
    out += latin === "(" || latin === ")" || latin === "\\" ? `\\${latin}` : latin;
  }
  return `(${out})`;
}

/** The PDF's bytes: A4 portrait, lines from the top-left margin down. */
export function simplePdf(title: string, lines: readonly PdfLine[]): Uint8Array {
  const content: string[] = ["BT", "56 780 Td"];
  let first = true;
  for (const line of lines) {
    const size = line.size ?? 12;
    if (!first) content.push(`0 -${Math.round(size * 1.5)} Td`);
    first = false;
    content.push(`/${line.bold ? "F2" : "F1"} ${size} Tf`, `${pdfString(line.text)} Tj`);
  }
  content.push("ET");
  const stream = content.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (Loja) >>`,
  ];
  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}
