// `npm run images`: draws the product illustrations (SVG, made here) and renders them with the
// shop's own image pipeline (sharp; the same as the admin's uploads) into public/images/products/:
// AVIF and WebP at 400, 800 and 1200 px wide (4:3) for the pages' `<picture>` and srcset, and a
// 1200×630 JPEG for link previews (WhatsApp and others read neither AVIF nor WebP).
// The output is committed; run this again only after changing a drawing.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { imageVariants } from "#platform/images/image-variants.ts";
import { IMAGE_ASPECT, OG_IMAGE_SIZE, OWN_IMAGE_WIDTHS } from "#domain/catalog/image-resolution.ts";

const OUT = path.resolve(import.meta.dirname, "..", "public", "images", "products");
const W = 800;
const H = 600;

type Strain = { name: string; cap: string; capDark: string; rim: string; stem: string; stemDark: string; thick: number };

const STRAINS: Record<string, Strain> = {
  "golden-teacher": {
    name: "Golden Teacher",
    cap: "#c98a3a",
    capDark: "#9a5f22",
    rim: "#e8c27a",
    stem: "#f3e6cf",
    stemDark: "#d9c3a0",
    thick: 1,
  },
  "penis-envy-7": {
    name: "Penis Envy 7",
    cap: "#8a5a34",
    capDark: "#5e3a1f",
    rim: "#b98a5c",
    stem: "#efe4d2",
    stemDark: "#cdb89a",
    thick: 1.45,
  },
  "penis-envy-albino": {
    name: "Penis Envy Albino",
    cap: "#f4efe6",
    capDark: "#d8cfc0",
    rim: "#ffffff",
    stem: "#fbf8f2",
    stemDark: "#e2dacb",
    thick: 1.4,
  },
};

const svg = (
  background: [string, string],
  body: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  <filter id="shadow" x="-30%" y="-60%" width="160%" height="220%"><feDropShadow dx="0" dy="10" stdDeviation="12" flood-color="#1c1917" flood-opacity="0.18"/></filter>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect width="${W}" height="${H}" fill="url(#glow)"/>
<ellipse cx="400" cy="540" rx="300" ry="26" fill="#1c1917" opacity="0.08"/>
${body}
</svg>`;

/** A mushroom standing at (x, y) (base of the stem), `size` ≈ height in px. */
function mushroom(x: number, y: number, size: number, strain: Strain, tilt = 0): string {
  const stemH = size * 0.62;
  const stemW = size * 0.16 * strain.thick;
  const capW = size * (strain.thick > 1.2 ? 0.62 : 0.8);
  const capH = size * (strain.thick > 1.2 ? 0.42 : 0.38);
  const top = y - stemH;
  return `<g transform="rotate(${tilt} ${x} ${y})">
  <path d="M ${x - stemW / 2} ${y} C ${x - stemW * 0.7} ${y - stemH * 0.5}, ${x - stemW * 0.35} ${top + 10}, ${x - stemW * 0.4} ${top}
           L ${x + stemW * 0.4} ${top} C ${x + stemW * 0.35} ${top + 10}, ${x + stemW * 0.7} ${y - stemH * 0.5}, ${x + stemW / 2} ${y} Z"
        fill="${strain.stem}" stroke="${strain.stemDark}" stroke-width="3"/>
  <path d="M ${x - stemW * 0.15} ${y - 6} C ${x - stemW * 0.25} ${y - stemH * 0.5}, ${x - stemW * 0.1} ${top + 20}, ${x - stemW * 0.12} ${top + 8}" stroke="${strain.stemDark}" stroke-width="2" fill="none" opacity="0.6"/>
  <path d="M ${x - capW / 2} ${top + 6} C ${x - capW / 2} ${top - capH * 1.25}, ${x + capW / 2} ${top - capH * 1.25}, ${x + capW / 2} ${top + 6}
           Q ${x} ${top + capH * 0.28} ${x - capW / 2} ${top + 6} Z" fill="${strain.cap}" stroke="${strain.capDark}" stroke-width="3"/>
  <path d="M ${x - capW * 0.38} ${top - capH * 0.1} C ${x - capW * 0.3} ${top - capH * 0.75}, ${x + capW * 0.1} ${top - capH * 0.95}, ${x + capW * 0.22} ${top - capH * 0.82}" stroke="${strain.rim}" stroke-width="${size * 0.05}" stroke-linecap="round" fill="none" opacity="0.75"/>
  <path d="M ${x - capW / 2 + 4} ${top + 6} Q ${x} ${top + capH * 0.28} ${x + capW / 2 - 4} ${top + 6}" stroke="${strain.rim}" stroke-width="5" fill="none" opacity="0.8"/>
</g>`;
}

/** A dried (shrivelled) mushroom lying down. */
function driedMushroom(x: number, y: number, size: number, strain: Strain, angle: number): string {
  const s = size / 100;
  return `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${s})">
  <path d="M -10 -8 C 10 -14, 40 -10, 62 -12 C 66 -4, 64 6, 60 10 C 38 8, 12 12, -10 8 Z" fill="${strain.stem}" stroke="${strain.stemDark}" stroke-width="3"/>
  <path d="M -12 -34 C -40 -30, -52 -6, -46 14 C -40 30, -20 36, -8 30 C -14 18, -16 -10, -12 -34 Z" fill="${strain.cap}" stroke="${strain.capDark}" stroke-width="3"/>
  <path d="M -36 -20 C -42 -8, -40 8, -32 18" stroke="${strain.rim}" stroke-width="4" fill="none" stroke-linecap="round" opacity="0.8"/>
  <path d="M 8 -6 C 22 -4, 36 -8, 50 -6" stroke="${strain.stemDark}" stroke-width="2" fill="none" opacity="0.7"/>
</g>`;
}

const label = (
  x: number,
  y: number,
  text: string,
  options: { size?: number; fill?: string; color?: string; anchor?: "start" | "middle" } = {},
) => {
  const size = options.size ?? 26;
  const width = text.length * size * 0.58 + 32;
  const left = options.anchor === "start" ? x : x - width / 2;
  return `<g filter="url(#shadow)"><rect x="${left}" y="${y - size - 6}" width="${width}" height="${size + 22}" rx="${(size + 22) / 2}" fill="${options.fill ?? "#ffffff"}"/></g>
<text x="${left + width / 2}" y="${y + 4}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="${options.color ?? "#064e3b"}">${text}</text>`;
};

function sachetScene(strain: Strain, title = strain.name): string {
  return `<g filter="url(#shadow)">
  <path d="M 230 120 L 570 120 L 580 500 L 220 500 Z" fill="#e7f0ec" stroke="#9fb8ae" stroke-width="4"/>
  <path d="M 230 120 L 570 120 L 572 160 L 228 160 Z" fill="#cfe0d8"/>
  ${Array.from({ length: 17 }, (_, i) => `<line x1="${240 + i * 20}" y1="126" x2="${240 + i * 20}" y2="154" stroke="#9fb8ae" stroke-width="3"/>`).join("")}
  <path d="M 226 470 L 578 470 L 580 500 L 220 500 Z" fill="#cfe0d8"/>
</g>
<path d="M 250 180 C 300 200, 260 300, 300 360 C 330 410, 300 450, 270 460" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.5" stroke-linecap="round"/>
${driedMushroom(350, 300, 150, strain, -18)}
${driedMushroom(470, 390, 140, strain, 160)}
${driedMushroom(430, 250, 110, strain, 35)}
${label(400, 450, "2 g", { size: 34 })}
${label(400, 72, title, { size: 28, fill: "#064e3b", color: "#ffffff" })}`;
}

function syringe(strain: Strain, transform: string): string {
  const marks = Array.from(
    { length: 10 },
    (_, i) =>
      `<line x1="${260 + i * 30}" y1="268" x2="${260 + i * 30}" y2="${i % 5 === 0 ? 300 : 288}" stroke="#4b5563" stroke-width="3"/>`,
  ).join("");
  return `<g filter="url(#shadow)" transform="${transform}">
  <rect x="120" y="282" width="90" height="36" rx="6" fill="#d1d5db" stroke="#6b7280" stroke-width="3"/>
  <rect x="100" y="262" width="24" height="76" rx="6" fill="#9ca3af"/>
  <rect x="210" y="260" width="340" height="80" rx="14" fill="#f8fafc" stroke="#64748b" stroke-width="4" opacity="0.95"/>
  <rect x="216" y="270" width="328" height="60" rx="10" fill="${strain.rim}" opacity="0.35"/>
  <path d="M 230 300 C 260 280, 290 320, 320 296 S 380 280, 410 304 S 470 322, 520 292" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.9"/>
  <path d="M 236 312 C 270 300, 300 330, 350 310 S 430 300, 500 318" stroke="${strain.stemDark}" stroke-width="4" fill="none" opacity="0.55"/>
  ${marks}
  <rect x="550" y="284" width="40" height="32" rx="6" fill="#cbd5e1" stroke="#64748b" stroke-width="3"/>
  <rect x="590" y="292" width="120" height="16" rx="8" fill="#f97316"/>
</g>`;
}

function syringeScene(strain: Strain): string {
  return `${syringe(strain, "rotate(-12 400 300)")}
${mushroom(630, 520, 150, strain, 6)}
${label(400, 120, "10 mL", { size: 34 })}
${label(400, 520, strain.name, { size: 28, fill: "#064e3b", color: "#ffffff" })}`;
}

function spawnScene(strain: Strain, title = strain.name): string {
  const grains: string[] = [];
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 150; i++) {
    const gx = 250 + rand() * 300;
    const gy = 230 + rand() * 240;
    const white = rand() < 0.55;
    grains.push(
      `<ellipse cx="${gx.toFixed(1)}" cy="${gy.toFixed(1)}" rx="11" ry="6.5" transform="rotate(${Math.round(rand() * 180)} ${gx.toFixed(1)} ${gy.toFixed(1)})" fill="${white ? "#fbfaf7" : "#d6a85c"}" stroke="${white ? "#e5e0d5" : "#b07f35"}" stroke-width="1.5"/>`,
    );
  }
  return `<g filter="url(#shadow)">
  <path d="M 240 120 L 560 120 L 580 500 L 220 500 Z" fill="#f1f5f9" stroke="#94a3b8" stroke-width="4" opacity="0.95"/>
  <rect x="350" y="140" width="100" height="60" rx="8" fill="#e2e8f0" stroke="#94a3b8" stroke-width="3"/>
  <path d="M 360 150 h 80 M 360 160 h 80 M 360 170 h 80 M 360 180 h 80 M 360 190 h 80" stroke="#cbd5e1" stroke-width="3"/>
</g>
<clipPath id="bag"><path d="M 246 220 L 556 220 L 574 494 L 226 494 Z"/></clipPath>
<g clip-path="url(#bag)">
  <rect x="220" y="220" width="360" height="280" fill="#efe6d4"/>
  ${grains.join("\n  ")}
  <path d="M 240 300 C 300 270, 360 330, 420 290 S 520 260, 570 300" stroke="#ffffff" stroke-width="18" fill="none" opacity="0.7" stroke-linecap="round"/>
  <path d="M 230 400 C 300 380, 380 430, 450 400 S 540 380, 580 410" stroke="#ffffff" stroke-width="14" fill="none" opacity="0.6" stroke-linecap="round"/>
</g>
${label(400, 462, "1 kg", { size: 34 })}
${label(400, 72, title, { size: 28, fill: "#713f12", color: "#ffffff" })}`;
}

const GT = STRAINS["golden-teacher"]!;

function screen(inner: string): string {
  return `<g filter="url(#shadow)">
  <rect x="170" y="110" width="460" height="300" rx="18" fill="#1f2937"/>
  <rect x="188" y="128" width="424" height="264" rx="8" fill="#f8fafc"/>
  <path d="M 120 420 L 680 420 L 700 450 L 100 450 Z" fill="#9ca3af"/>
  <rect x="350" y="420" width="100" height="10" rx="5" fill="#6b7280"/>
</g>
${inner}`;
}

const SCENES: Record<string, { bg: [string, string]; body: () => string }> = {
  "consultoria-cultivo": {
    bg: ["#ecfdf5", "#d1fae5"],
    body: () =>
      screen(`<circle cx="330" cy="250" r="56" fill="#a7f3d0"/><circle cx="330" cy="232" r="22" fill="#065f46"/><path d="M 292 292 C 300 262, 360 262, 368 292 Z" fill="#065f46"/>
${mushroom(500, 330, 130, GT)}
<g filter="url(#shadow)"><rect x="520" y="120" width="170" height="70" rx="20" fill="#ffffff"/><path d="M 560 190 L 548 214 L 584 190 Z" fill="#ffffff"/></g>
<circle cx="570" cy="155" r="8" fill="#10b981"/><circle cx="605" cy="155" r="8" fill="#10b981"/><circle cx="640" cy="155" r="8" fill="#10b981"/>
${label(400, 520, "1 hora online", { size: 28, fill: "#064e3b", color: "#ffffff" })}`),
  },
  "mentoria-cultivo": {
    bg: ["#eff6ff", "#dbeafe"],
    body: () => `<g filter="url(#shadow)"><rect x="200" y="100" width="400" height="330" rx="22" fill="#ffffff"/><rect x="200" y="100" width="400" height="70" rx="22" fill="#1d4ed8"/><rect x="200" y="140" width="400" height="30" fill="#1d4ed8"/></g>
${[0, 1, 2, 3].map((i) => `<rect x="${235 + i * 88}" y="210" width="70" height="70" rx="12" fill="#dbeafe"/><path d="M ${250 + i * 88} 246 l 14 14 l 26 -30" stroke="#16a34a" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`).join("")}
${[0, 1, 2, 3].map((i) => `<rect x="${235 + i * 88}" y="310" width="70" height="70" rx="12" fill="#f1f5f9"/>`).join("")}
<text x="400" y="148" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" font-weight="700" text-anchor="middle" fill="#ffffff">4 semanas</text>
${mushroom(640, 520, 150, GT, 4)}
${label(400, 520, "Mentoria", { size: 28, fill: "#1e3a8a", color: "#ffffff" })}`,
  },
  "auditoria-cultivo": {
    bg: ["#fefce8", "#fef3c7"],
    body: () => `<g filter="url(#shadow)"><rect x="220" y="90" width="300" height="400" rx="20" fill="#ffffff" stroke="#d6d3d1" stroke-width="4"/><rect x="310" y="70" width="120" height="44" rx="12" fill="#78716c"/></g>
${[0, 1, 2, 3, 4].map((i) => `<rect x="255" y="${150 + i * 62}" width="34" height="34" rx="8" fill="#ecfdf5" stroke="#10b981" stroke-width="3"/><path d="M 262 ${167 + i * 62} l 8 8 l 14 -16" stroke="#047857" stroke-width="6" fill="none" stroke-linecap="round"/><rect x="305" y="${158 + i * 62}" width="${170 - (i % 2) * 40}" height="16" rx="8" fill="#e7e5e4"/>`).join("")}
<g filter="url(#shadow)"><circle cx="540" cy="360" r="78" fill="#e0f2fe" fill-opacity="0.6" stroke="#334155" stroke-width="16"/><rect x="590" y="420" width="110" height="28" rx="14" transform="rotate(40 590 420)" fill="#334155"/></g>
${label(370, 548, "Relatório completo", { size: 26, fill: "#78350f", color: "#ffffff" })}`,
  },
  "curso-cultivo-domestico": {
    bg: ["#f5f3ff", "#ede9fe"],
    body: () =>
      screen(`<circle cx="400" cy="260" r="62" fill="#7c3aed" opacity="0.9"/><path d="M 382 228 L 382 292 L 434 260 Z" fill="#ffffff"/>
${mushroom(260, 370, 110, GT, -6)}${mushroom(545, 370, 96, STRAINS["penis-envy-7"]!, 8)}
${label(400, 520, "12 aulas em vídeo", { size: 28, fill: "#5b21b6", color: "#ffffff" })}`),
  },
  "ebook-cultivo-avancado": {
    bg: ["#fff7ed", "#ffedd5"],
    body: () => `<g filter="url(#shadow)"><path d="M 400 140 C 330 110, 230 110, 170 130 L 170 450 C 230 430, 330 430, 400 460 Z" fill="#ffffff" stroke="#d6d3d1" stroke-width="4"/>
<path d="M 400 140 C 470 110, 570 110, 630 130 L 630 450 C 570 430, 470 430, 400 460 Z" fill="#fffbeb" stroke="#d6d3d1" stroke-width="4"/></g>
${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${430}" y="${180 + i * 40}" width="${160 - (i % 3) * 30}" height="12" rx="6" fill="#fed7aa"/>`).join("")}
${mushroom(285, 400, 200, GT)}
${label(400, 530, "PDF · 120 páginas", { size: 28, fill: "#9a3412", color: "#ffffff" })}`,
  },
  "workshop-tecnicas-profissionais": {
    bg: ["#f0fdfa", "#ccfbf1"],
    body: () => `<g filter="url(#shadow)"><rect x="150" y="90" width="500" height="300" rx="16" fill="#ffffff" stroke="#99f6e4" stroke-width="6"/><rect x="380" y="390" width="40" height="110" fill="#64748b"/><rect x="300" y="490" width="200" height="16" rx="8" fill="#64748b"/></g>
<path d="M 360 150 L 360 230 L 310 330 C 300 350, 310 360, 330 360 L 470 360 C 490 360, 500 350, 490 330 L 440 230 L 440 150 Z" fill="#ccfbf1" stroke="#0f766e" stroke-width="6" stroke-linejoin="round"/>
<path d="M 322 320 L 478 320 L 490 340 C 494 352, 486 358, 470 358 L 330 358 C 314 358, 306 352, 310 340 Z" fill="#14b8a6"/>
<rect x="345" y="140" width="110" height="18" rx="9" fill="#0f766e"/>
${label(190, 140, "● AO VIVO", { size: 24, fill: "#dc2626", color: "#ffffff", anchor: "start" })}
${mushroom(590, 360, 110, GT, 5)}
${label(400, 560, "3 horas", { size: 28, fill: "#115e59", color: "#ffffff" })}`,
  },
  "produto-padrao": {
    bg: ["#f5f5f4", "#e7e5e4"],
    body: () => `${mushroom(400, 470, 330, { ...GT, cap: "#a8a29e", capDark: "#78716c", rim: "#d6d3d1", stem: "#f5f5f4", stemDark: "#a8a29e" })}
${label(400, 545, "Loja Micologia", { size: 26, fill: "#44403c", color: "#ffffff" })}`,
  },
  "detalhe-sache-2g": {
    bg: ["#f0fdf4", "#dcfce7"],
    body: () => sachetScene(GT, "Sachê a vácuo de 2 g"),
  },
  "detalhe-kit-seringa": {
    bg: ["#eff6ff", "#e0f2fe"],
    body: () => `<g filter="url(#shadow)"><rect x="140" y="150" width="520" height="320" rx="24" fill="#ffffff" stroke="#bae6fd" stroke-width="6"/></g>
${syringe(GT, "translate(95 40) scale(0.78)")}
<g filter="url(#shadow)"><rect x="200" y="370" width="180" height="60" rx="10" fill="#e0f2fe" stroke="#7dd3fc" stroke-width="3"/><rect x="420" y="370" width="180" height="60" rx="10" fill="#fef3c7" stroke="#fcd34d" stroke-width="3"/></g>
<text x="290" y="408" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="#0369a1">Agulha estéril</text>
<text x="510" y="408" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="#92400e">Álcool 70%</text>
${label(400, 90, "Conteúdo do kit", { size: 28, fill: "#0c4a6e", color: "#ffffff" })}`,
  },
  "detalhe-saco-spawn": {
    bg: ["#fefce8", "#fef9c3"],
    body: () => spawnScene(GT, "Saco de 1 kg com filtro"),
  },
};

for (const [key, strain] of Object.entries(STRAINS)) {
  SCENES[`cogumelo-${key}`] = { bg: ["#f0fdf4", "#dcfce7"], body: () => sachetScene(strain) };
  SCENES[`cultura-liquida-${key}`] = { bg: ["#eff6ff", "#dbeafe"], body: () => syringeScene(strain) };
  SCENES[`spawn-cogumelo-${key}`] = { bg: ["#fefce8", "#fef3c7"], body: () => spawnScene(strain) };
}

await mkdir(OUT, { recursive: true });
for (const [name, scene] of Object.entries(SCENES)) {
  const variants = await imageVariants(Buffer.from(svg(scene.bg, scene.body())), {
    widths: OWN_IMAGE_WIDTHS,
    aspect: IMAGE_ASPECT,
    og: OG_IMAGE_SIZE,
    // The drawing whole, centred on its own background colour.
    ogFit: { fit: "contain", background: scene.bg[1] },
    // Drawn at 800 px wide: rasterised at 1.5× so the 1200 px size is as sharp as the others.
    density: (72 * Math.max(...OWN_IMAGE_WIDTHS)) / W,
  });
  for (const variant of variants) await writeFile(path.join(OUT, `${name}-${variant.suffix}`), variant.body);
  console.log(`${name}: ${variants.map((variant) => variant.suffix).join(", ")}`);
}
