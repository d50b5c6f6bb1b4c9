// The campaign's illustrations (issue 18): flat SVG scenes of the Penedès by bike (vineyards under
// Montserrat, a town, a school, a station, the coast), a few KB each. `npm run scenes` writes them
// to public/images/scenes/, which the pages load as they are; the seed rasterizes the same scenes
// for its demo photos. A test keeps the written files equal to this code.

import type { Scene } from "~/domain/campaign";

const W = 1600;
const H = 900;
const r = (n: number) => Math.round(n);

const C = {
  brand: "#b0125b",
  /** The Vivi, the campaign's fuchsia bike (an electric one: its battery on the down tube). */
  vivi: "#e6007e",
  ink: "#1d2433",
  leaf: "#0f6b4f",
  vine: "#3d7a3a",
  hill: "#8dbb6a",
  hillDark: "#5e9a4e",
  soil: "#e7b97c",
  road: "#f6ead4",
  roof: "#d9673f",
  wall: "#f7e4c3",
  wall2: "#f1cf9e",
  sun: "#ffc24b",
  mountain: "#b9a7d6",
  sea: "#3f9fc0",
  skin: ["#f1c7a3", "#c68a5f", "#8d5a3b"],
};

/** A bike with its rider, ground contact at (x, y), facing right; scale s (1 = about 180 px tall).
 * `vivi`: the bike is the Vivi, fuchsia, with its battery (one in each of the campaign's scenes). */
function rider(
  x: number,
  y: number,
  s: number,
  { bike = "#41506e", shirt = "#ffb13b", skin = C.skin[0]!, hair = "#3b2a20", vivi = false } = {},
) {
  const p = (dx: number, dy: number) => `${r(x + dx * s)} ${r(y + dy * s)}`;
  const w = Math.max(3, r(7 * s));
  if (vivi) bike = C.vivi;
  return `<g fill="none" stroke-linecap="round" stroke-linejoin="round">
<g stroke="${C.ink}" stroke-width="${w}"><circle cx="${r(x)}" cy="${r(y - 34 * s)}" r="${r(34 * s)}"/><circle cx="${r(x + 112 * s)}" cy="${r(y - 34 * s)}" r="${r(34 * s)}"/></g>
<path stroke="${bike}" stroke-width="${w}" d="M${p(0, -34)}L${p(48, -34)}L${p(36, -92)}L${p(94, -90)}L${p(48, -34)}M${p(36, -92)}L${p(0, -34)}M${p(94, -90)}L${p(112, -34)}M${p(94, -90)}L${p(90, -108)}l${r(12 * s)} 0M${p(28, -96)}l${r(18 * s)} 0"/>
${vivi ? `<path stroke="${C.ink}" stroke-width="${r(13 * s)}" d="M${p(60, -49)}L${p(78, -71)}"/>` : ""}
<path stroke="#2e3a57" stroke-width="${r(12 * s)}" d="M${p(38, -100)}L${p(66, -66)}L${p(54, -26)}"/>
<path stroke="${shirt}" stroke-width="${r(20 * s)}" d="M${p(38, -104)}L${p(66, -152)}"/>
<path stroke="${skin}" stroke-width="${r(8 * s)}" d="M${p(68, -146)}L${p(94, -110)}"/>
<circle fill="${skin}" stroke="none" cx="${r(x + 76 * s)}" cy="${r(y - 176 * s)}" r="${r(15 * s)}"/>
<path fill="${hair}" stroke="none" d="M${p(60, -178)}a${r(16 * s)} ${r(16 * s)} 0 0 1 ${r(32 * s)} -4l${r(-6 * s)} ${r(-6 * s)}z"/></g>`;
}

/** Montserrat's serrated skyline, far away. */
function montserrat(x: number, base: number, scale: number, fill = C.mountain) {
  const heights = [60, 95, 130, 150, 120, 165, 140, 175, 150, 118, 138, 100, 70];
  let d = `M${r(x)} ${base}`;
  let cx = x;
  for (const h of heights) {
    const w = 26 * scale;
    d += `L${r(cx)} ${r(base - h * scale)}a${r(w / 2)} ${r(w / 2)} 0 0 1 ${r(w)} 0`;
    cx += w;
  }
  return `<path fill="${fill}" d="${d}L${r(cx + 30 * scale)} ${base}z"/>`;
}

/** Rows of vines (dotted curves) over a band of soil between y0 and y1. */
function vineyard(x0: number, x1: number, y0: number, y1: number, rows: number, tilt = 30) {
  let d = "";
  for (let i = 0; i < rows; i++) {
    const y = y0 + ((y1 - y0) * i) / Math.max(1, rows - 1);
    d += `M${r(x0)} ${r(y)}Q${r((x0 + x1) / 2)} ${r(y - tilt)} ${r(x1)} ${r(y + tilt / 2)}`;
  }
  const gap = r(20 + (y1 - y0) / rows / 2);
  return `<path fill="none" stroke="${C.vine}" stroke-width="${r(8 + (y1 - y0) / rows / 4)}" stroke-linecap="round" stroke-dasharray="1 ${gap}" d="${d}"/>`;
}

const sky = (id: string, top: string, bottom: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#${id})"/>`;
const sun = (x: number, y: number, rad: number) => `<circle cx="${x}" cy="${y}" r="${rad}" fill="${C.sun}"/>`;
const cloud = (x: number, y: number, s: number) =>
  `<path fill="#fff" opacity=".85" d="M${x} ${y}h${r(160 * s)}a${r(30 * s)} ${r(30 * s)} 0 0 0-${r(44 * s)}-${r(34 * s)}a${r(44 * s)} ${r(44 * s)} 0 0 0-${r(80 * s)}-${r(6 * s)}a${r(30 * s)} ${r(30 * s)} 0 0 0-${r(36 * s)} ${r(40 * s)}z"/>`;
const cypress = (x: number, y: number, h: number) =>
  `<ellipse cx="${x}" cy="${r(y - h / 2)}" rx="${r(h / 7)}" ry="${r(h / 2)}" fill="${C.leaf}"/>`;
const pine = (x: number, y: number, s: number) =>
  `<path stroke="#6b4a2e" stroke-width="${r(10 * s)}" d="M${x} ${y}l${r(6 * s)}-${r(90 * s)}"/><ellipse cx="${r(x + 6 * s)}" cy="${r(y - 100 * s)}" rx="${r(70 * s)}" ry="${r(26 * s)}" fill="${C.leaf}"/>`;

/** A row of houses with terracotta roofs from x, standing on y. */
function houses(x: number, y: number, list: [w: number, h: number][]) {
  let out = "";
  let cx = x;
  for (const [i, [w, h]] of list.entries()) {
    const wall = i % 2 ? C.wall2 : C.wall;
    out += `<rect x="${cx}" y="${y - h}" width="${w}" height="${h}" fill="${wall}"/><path fill="${C.roof}" d="M${cx - 8} ${y - h}l${r(w / 2 + 8)}-${r(w / 4)}l${r(w / 2 + 8)} ${r(w / 4)}z"/>`;
    for (let wx = cx + 16; wx + 18 < cx + w; wx += 34)
      for (let wy = y - h + 22; wy + 30 < y; wy += 46) out += `<rect x="${wx}" y="${wy}" width="16" height="24" rx="3" fill="#41506e"/>`;
    cx += w + 6;
  }
  return out;
}

const bellTower = (x: number, y: number, h: number) =>
  `<rect x="${x}" y="${y - h}" width="70" height="${h}" fill="${C.wall2}"/><path fill="${C.roof}" d="M${x - 6} ${y - h}l41-70l41 70z"/><rect x="${x + 22}" y="${y - h + 24}" width="26" height="40" rx="13" fill="#41506e"/>`;

/** The ground line of a bike lane, curving across the scene. */
const lane = (d: string, width = 70) =>
  `<path fill="none" stroke="${C.road}" stroke-width="${width}" stroke-linecap="round" d="${d}"/><path fill="none" stroke="${C.brand}" stroke-width="4" stroke-dasharray="26 22" d="${d}"/>`;

const scenes: Record<Scene, () => string> = {
  vinyes: () =>
    sky("s", "#ffd7b0", "#fff3e0") +
    sun(1250, 210, 90) +
    cloud(300, 200, 1) +
    cloud(900, 140, 0.7) +
    montserrat(160, 560, 2.2) +
    `<path fill="${C.hill}" d="M0 560Q400 440 800 540T1600 500V900H0z"/>` +
    `<path fill="${C.soil}" d="M0 640Q500 560 1000 640T1600 620V900H0z"/>` +
    vineyard(-40, 1640, 660, 860, 7, 40) +
    bellTower(1340, 560, 150) +
    houses(1180, 560, [
      [120, 70],
      [100, 90],
    ]) +
    cypress(1130, 560, 120) +
    cypress(1455, 560, 100) +
    lane("M-40 800Q500 700 900 760T1660 700", 80) +
    rider(560, 742, 1.15, { vivi: true }) +
    rider(800, 770, 1, { bike: "#0f6b4f", shirt: "#3f9fc0", skin: C.skin[1] }),
  ciutadania: () =>
    sky("s", "#bfe3f2", "#f2f9fb") +
    sun(1360, 170, 70) +
    cloud(200, 180, 0.9) +
    cloud(1000, 230, 0.6) +
    montserrat(1050, 520, 1.5) +
    bellTower(700, 640, 330) +
    houses(40, 640, [
      [150, 180],
      [120, 240],
      [160, 200],
      [130, 260],
    ]) +
    houses(800, 640, [
      [140, 220],
      [170, 170],
      [120, 250],
      [150, 190],
      [130, 230],
    ]) +
    `<rect y="640" width="${W}" height="260" fill="#c9d3db"/><rect y="640" width="${W}" height="24" fill="#e9edf1"/>` +
    lane("M-40 790H1640", 110) +
    pine(120, 700, 1) +
    pine(1480, 700, 1.1) +
    rider(420, 850, 1.1, { vivi: true, shirt: "#0f6b4f", skin: C.skin[2] }) +
    rider(860, 850, 1, { bike: "#1d4e89", shirt: "#ffb13b", skin: C.skin[0] }) +
    rider(1150, 850, 0.9, { bike: C.roof, shirt: "#3f9fc0", skin: C.skin[1], hair: "#b5651d" }),
  infants: () =>
    sky("s", "#fff0b8", "#fdfaf0") +
    sun(240, 190, 80) +
    cloud(1100, 170, 1) +
    `<path fill="${C.hill}" d="M0 560Q600 470 1600 560V900H0z"/>` +
    // The school: a long building with a clock and a flag.
    `<rect x="820" y="360" width="620" height="240" fill="${C.wall}"/><path fill="${C.roof}" d="M800 360h660l-40-50H840z"/><circle cx="1130" cy="300" r="34" fill="#fff" stroke="${C.ink}" stroke-width="6"/><path stroke="${C.ink}" stroke-width="5" stroke-linecap="round" d="M1130 300v-20M1130 300h14"/><rect x="1090" y="500" width="80" height="100" fill="#41506e"/>` +
    [860, 940, 1220, 1300, 1380].map((x) => `<rect x="${x}" y="410" width="50" height="60" rx="6" fill="#7fb8d6"/>`).join("") +
    `<path stroke="${C.ink}" stroke-width="5" d="M1480 600V300"/><path fill="${C.brand}" d="M1482 302h70l-14 24 14 24h-70z"/>` +
    `<rect y="600" width="${W}" height="300" fill="${C.hillDark}"/>` +
    lane("M-40 780Q800 690 1640 760", 100) +
    cypress(760, 600, 150) +
    pine(200, 620, 1) +
    rider(300, 820, 0.75, { vivi: true, shirt: "#ffb13b", skin: C.skin[1] }) +
    rider(470, 800, 0.7, { bike: "#1d4e89", shirt: C.brand, skin: C.skin[0], hair: "#c7962c" }) +
    rider(640, 785, 0.8, { bike: "#0f6b4f", shirt: "#3f9fc0", skin: C.skin[2] }),
  laboral: () =>
    sky("s", "#e3d9f3", "#fbf6ee") +
    sun(1380, 240, 70) +
    montserrat(100, 520, 1.6) +
    // Sawtooth roofs of an industrial estate.
    `<path fill="#c7cfdb" d="M760 520V420l80-50v50l80-50v50l80-50v50l80-50v50l80-50v150z"/>` +
    `<rect y="520" width="${W}" height="380" fill="${C.hill}"/>` +
    // The station: platform, canopy, a commuter train.
    `<rect x="0" y="560" width="${W}" height="18" fill="#8a94a6"/><rect x="80" y="470" width="520" height="20" fill="#2d4a6b"/><path stroke="#2d4a6b" stroke-width="10" d="M120 490v70M560 490v70"/>` +
    `<rect x="660" y="470" width="860" height="90" rx="26" fill="#fff"/><rect x="660" y="530" width="860" height="16" fill="#e9731f"/>` +
    [710, 830, 950, 1070, 1190, 1310].map((x) => `<rect x="${x}" y="488" width="80" height="34" rx="6" fill="#41506e"/>`).join("") +
    `<rect y="578" width="${W}" height="10" fill="#5a6478"/>` +
    // Bike racks on the platform.
    [180, 260, 340, 420]
      .map((x) => `<path fill="none" stroke="#5a6478" stroke-width="8" stroke-linecap="round" d="M${x} 640v-30a22 22 0 0 1 44 0v30"/>`)
      .join("") +
    lane("M-40 800Q700 720 1640 800", 100) +
    rider(700, 830, 1.1, { vivi: true, shirt: "#1d4e89", skin: C.skin[0] }) +
    rider(1050, 830, 1, { bike: "#0f6b4f", shirt: "#ffb13b", skin: C.skin[2] }),
  turistic: () =>
    sky("s", "#a9dcef", "#f4fbfd") +
    sun(300, 190, 85) +
    cloud(1050, 160, 0.9) +
    `<rect y="470" width="${W}" height="120" fill="${C.sea}"/><path fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".7" d="M120 510h80M420 540h110M820 505h90M1200 545h120M1420 515h70"/>` +
    `<path fill="#f3dcae" d="M0 590Q800 540 1600 600V900H0z"/>` +
    `<path fill="${C.hill}" d="M0 660Q400 600 900 650T1600 630V900H0z"/>` +
    `<path fill="${C.soil}" d="M600 900Q900 700 1600 690V900z"/>` +
    vineyard(760, 1640, 730, 880, 5, -30) +
    pine(160, 680, 1.2) +
    pine(420, 670, 0.9) +
    // A lighthouse on the point.
    `<path fill="#fff" d="M1400 590l10-130h30l10 130z"/><rect x="1404" y="500" width="42" height="22" fill="${C.brand}"/><rect x="1410" y="440" width="30" height="22" fill="${C.sun}"/>` +
    lane("M-40 830Q500 740 1000 800T1640 760", 90) +
    rider(300, 810, 1.05, { vivi: true, shirt: "#ffb13b", skin: C.skin[1] }) +
    rider(560, 790, 1, { bike: "#1d4e89", shirt: "#fff", skin: C.skin[0], hair: "#c7962c" }),
  // The network, as a line map: the landing pages' art.
  xarxa: () => {
    const lines: [string, string][] = [
      [C.brand, "M80 760L420 560L760 520L1100 330L1520 180"],
      ["#0f6b4f", "M160 160L480 330L760 520L1000 700L1440 780"],
      ["#e9731f", "M100 460L420 560L700 760L1200 640L1540 520"],
    ];
    const stops = [
      [420, 560],
      [760, 520],
      [1100, 330],
      [480, 330],
      [1000, 700],
      [700, 760],
      [1200, 640],
      [1520, 180],
      [1440, 780],
    ];
    return (
      `<rect width="${W}" height="${H}" fill="#fdeef5"/>` +
      `<path fill="none" stroke="#f6d3e3" stroke-width="2" d="${Array.from({ length: 15 }, (_, i) => `M${i * 110 + 20} 0V${H}`).join("")}${Array.from({ length: 9 }, (_, i) => `M0 ${i * 110 + 20}H${W}`).join("")}"/>` +
      `<path fill="${C.sea}" opacity=".35" d="M0 900V820Q400 860 800 840T1600 880V900z"/>` +
      lines
        .map(([c, d]) => `<path fill="none" stroke="${c}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round" d="${d}"/>`)
        .join("") +
      stops.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="20" fill="#fff" stroke="${C.ink}" stroke-width="8"/>`).join("") +
      rider(1120, 520, 0.9, { vivi: true })
    );
  },
};

/** The SVG document of a scene, 1600 by 900. */
export function sceneSvg(scene: Scene): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${scenes[scene]().replace(/\n/g, "")}</svg>\n`;
}
