// The demo partners' marks (issue 18): the footer's logos in the seed, and the default
// collaborators' image a new site shows (public/images/collaborators.svg, written by
// `npm run scenes`). Drawn as SVG; the seed stores them as PNG, as staff would upload them.

export const MARKS = ["consell", "ue", "moute"] as const;
export type Mark = (typeof MARKS)[number];

const FONT = `font-family="Figtree, Liberation Sans, Arial, Helvetica, sans-serif"`;

const stars = (cx: number, cy: number, radius: number, size: number) =>
  Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const x = cx + radius * Math.sin(a);
    const y = cy - radius * Math.cos(a);
    const pts = Array.from({ length: 10 }, (_, k) => {
      const rr = k % 2 ? size * 0.4 : size;
      const b = (k * Math.PI) / 5;
      return `${(x + rr * Math.sin(b)).toFixed(1)},${(y - rr * Math.cos(b)).toFixed(1)}`;
    }).join(" ");
    return `<polygon points="${pts}" fill="#ffcc00"/>`;
  }).join("");

/** A mark's drawing, 200 units tall, and its width. */
const drawings: Record<Mark, { width: number; body: string }> = {
  // A shield with a bunch of grapes and the council's name.
  consell: {
    width: 560,
    body:
      `<path d="M20 30h130v70c0 50-35 75-65 90c-30-15-65-40-65-90z" fill="#b0125b"/>` +
      [
        [62, 70],
        [85, 70],
        [108, 70],
        [73, 92],
        [97, 92],
        [85, 114],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="12" fill="#fff"/>`)
        .join("") +
      `<path d="M85 58c4-14 14-20 26-22" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/>` +
      `<text x="176" y="92" ${FONT} font-size="46" font-weight="700" fill="#1d2433">Consell Comarcal</text>` +
      `<text x="176" y="146" ${FONT} font-size="46" font-weight="400" fill="#1d2433">del Penedès</text>`,
  },
  // The European emblem and the funding line.
  ue: {
    width: 600,
    body:
      `<rect x="10" y="30" width="210" height="140" fill="#003399"/>` +
      stars(115, 100, 48, 10) +
      `<text x="244" y="78" ${FONT} font-size="32" fill="#1d2433">Finançat per</text>` +
      `<text x="244" y="116" ${FONT} font-size="32" fill="#1d2433">la Unió Europea</text>` +
      `<text x="244" y="160" ${FONT} font-size="34" font-weight="700" fill="#003399">NextGenerationEU</text>`,
  },
  // The mobility company's round arrow and its name.
  moute: {
    width: 480,
    body:
      `<circle cx="95" cy="100" r="75" fill="#0f6b4f"/>` +
      `<path d="M60 115a38 38 0 1 0 10-45" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round"/><path d="M48 58l26 8l-12 24z" fill="#fff"/>` +
      `<text x="194" y="104" ${FONT} font-size="66" font-weight="800" fill="#0f6b4f">mou-te</text>` +
      `<text x="198" y="146" ${FONT} font-size="32" font-weight="600" letter-spacing="6" fill="#1d2433">MOBILITAT</text>`,
  },
};

export const MARK_NAMES: Record<Mark, string> = {
  consell: "Consell Comarcal del Penedès",
  ue: "Finançat per la Unió Europea - NextGenerationEU",
  moute: "Mou-te Mobilitat",
};

/** One mark as an SVG document (white background, as logos are uploaded). */
export function markSvg(mark: Mark): string {
  const { width, body } = drawings[mark];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 200" width="${width}" height="200"><rect width="${width}" height="200" fill="#fff"/>${body}</svg>\n`;
}

/** The default collaborators' image: the three marks in a row. */
export function collaboratorsSvg(): string {
  let x = 0;
  const parts = MARKS.map((m) => {
    const part = `<g transform="translate(${x} 0)">${drawings[m].body}</g>`;
    x += drawings[m].width + 40;
    return part;
  });
  const width = x - 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 200" width="${width}" height="200"><rect width="${width}" height="200" rx="16" fill="#fff"/>${parts.join("")}</svg>\n`;
}
