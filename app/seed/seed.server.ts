import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import type { Storage } from "~/infra/storage.server";
import type { Db } from "~/db/client.server";
import { checkLayer } from "~/models/map-geojson.server";
import { SEED_LAYERS, seedMapComments } from "./map-seed";
import * as t from "~/db/schema";
import { markSvg, MARK_NAMES, type Mark } from "./marks";
import type { Scene } from "~/domain/campaign";
import { sceneSvg } from "./scenes";
import { seedTranslations } from "./content-translations";

// Believable Catalan demo content for every entity, so a newcomer sees a living site.
// Idempotent: every row has a fixed id derived from its name, and a row (with its file)
// is only written when that id is not there yet.

/** A stable UUID for a seeded row (name-based, in the shape of a version 5 UUID). */
export function seedId(name: string): string {
  const h = createHash("sha1").update(`penedes-bici-seed:${name}`).digest("hex");
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const daysFromNow = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d;
};
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** One of the campaign's illustrations (scenes.ts) as a picture of the given size (cropped to
 * fill it), as staff would upload a photo: JPEG. */
export async function illustration(width: number, height: number, scene: Scene): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(scene)), { density: 72 * Math.max(width / 1600, height / 900) })
    .resize(width, height, { fit: "cover" })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** A partner's mark (marks.ts), as PNG: 120 px tall (the footer shows 56 px, sharp on a 2x
 * screen), with a palette (a few KB). */
const logo = (mark: Mark) =>
  sharp(Buffer.from(markSvg(mark)), { density: 72 * 0.6 })
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();

/** A one-page PDF, written by hand (a valid file with a correct cross-reference table). */
function pdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

export interface SeedReport {
  inserted: number;
  skipped: number;
}

export async function seed(db: Db, storage: Storage, assetsDir: string): Promise<SeedReport> {
  const report: SeedReport = { inserted: 0, skipped: 0 };
  const store = (bytes: Buffer, prefix: string, as?: string) =>
    storage.put(Readable.from([bytes]), { maxBytes: 200 * 1024 * 1024, prefix, accept: (type) => as ?? type });
  const asset = (name: string) => fs.readFileSync(path.join(assetsDir, name));

  /** Inserts the row built by make() unless a row with this seed name exists already. */
  async function once<T extends PgTable & { id: unknown }>(table: T, name: string, make: () => Promise<Record<string, unknown>>) {
    const id = seedId(name);
    const existing = await db
      .select({ id: (table as unknown as { id: typeof t.activities.id }).id })
      .from(table as unknown as typeof t.activities)
      .where(eq((table as unknown as typeof t.activities).id, id));
    if (existing.length) {
      report.skipped++;
      return;
    }
    await db
      .insert(table)
      .values({ id, ...(await make()) } as never)
      .onConflictDoNothing();
    report.inserted++;
  }

  if (!(await db.query.footerConfig.findFirst())) {
    await db
      .insert(t.footerConfig)
      .values({
        footerText:
          "Projecte impulsat pel Consell Comarcal del Penedès i desenvolupat per Mou-te Mobilitat SL. Més informació a [la web del Consell](https://www.ccapenedes.cat).",
        collaboratorsText: "Amb la col·laboració dels ajuntaments del Penedès i el finançament de fons europeus.",
        translations: seedTranslations("footer"),
      })
      .onConflictDoNothing();
    report.inserted++;
  } else report.skipped++;

  // (The seed names are the ids of the rows the first seeds wrote.)
  const marks = [
    ["Consell Comarcal del Penedès", "consell"],
    ["Fons Europeus Next Generation", "ue"],
    ["Mou-te Mobilitat", "moute"],
  ] as const;
  for (const [i, [seedName, mark]] of marks.entries()) {
    await once(t.footerLogos, `logo:${seedName}`, async () => ({
      name: MARK_NAMES[mark],
      imageKey: (await store(await logo(mark), "logos")).key,
      linkUrl: i === 0 ? "https://www.ccapenedes.cat" : null,
      position: i,
    }));
  }

  const activityRows = [
    {
      emoji: "🚲",
      title: "Bicicletada popular per la xarxa de carrils",
      days: 7,
      startTime: "10:30",
      place: "Plaça de la Vila, Vilafranca del Penedès",
      description: "Recorregut tranquil de 15 km entre Vilafranca i Santa Margarida i els Monjos, apte per a tothom.",
      linkUrl: "https://www.ccapenedes.cat/agenda",
    },
    {
      emoji: "🗺️",
      title: "Taller participatiu: dibuixem la xarxa",
      days: 14,
      startTime: "18:00",
      place: null,
      description: "Sessió oberta per marcar al mapa els trams que et preocupen.",
      linkUrl: null,
    },
    {
      emoji: "👧",
      title: "Anem a l'escola en bici",
      days: 21,
      startTime: null,
      place: null,
      description: "Acompanyem els infants de primària en un trajecte segur fins a l'escola.",
      linkUrl: null,
    },
    {
      emoji: "🍇",
      title: "Ruta entre vinyes amb la Vivi",
      days: 35,
      startTime: null,
      place: "Estació de Sant Sadurní d'Anoia",
      description: null,
      linkUrl: "https://www.ccapenedes.cat/agenda",
    },
  ];
  for (const a of activityRows) {
    await once(t.activities, `activity:${a.title}`, async () => ({
      emoji: a.emoji,
      title: a.title,
      date: isoDate(daysFromNow(a.days)),
      startTime: a.startTime,
      place: a.place,
      description: a.description,
      linkUrl: a.linkUrl,
      translations: seedTranslations(a.title),
    }));
  }

  const comments = [
    ["Caldria un pas segur per creuar la N-340 a l'altura de l'Arboç.", "marta.puig@example.cat"],
    ["El tram entre Vilafranca i la Granada seria perfecte per anar a treballar.", null],
    ["Falten aparcaments de bicicletes a l'estació de Sant Sadurní.", null],
    ["Molt bona proposta! Proposo connectar també amb Gelida.", "jordi@example.cat"],
  ] as const;
  for (const [i, [comment, email]] of comments.entries()) {
    await once(t.mapComments, `comment:${i}`, async () => ({ comment, email, createdAt: daysFromNow(-20 + i * 3) }));
  }

  const reflectionRows = [
    [
      "Anar en bici a la feina m'ha canviat la vida: arribo amb el cap clar i estalvio diners. Però cal que els carrils estiguin separats del trànsit.",
      "Núria",
      "nuria.vendrell@example.cat",
      true,
    ],
    ["Els pobles petits també existeixen. Que la xarxa no s'acabi a les capitals de comarca.", "Pere", null, false],
    ["M'agradaria que els meus fills poguessin anar sols a l'institut amb bicicleta d'aquí a pocs anys.", null, null, false],
  ] as const;
  for (const [i, [reflection, name, email, privacyAccepted]] of reflectionRows.entries()) {
    await once(t.reflections, `reflection:${i}`, async () => ({
      reflection,
      name,
      email,
      privacyAccepted,
      createdAt: daysFromNow(-18 + i * 4),
    }));
  }

  for (const [i, email] of ["laia.ferrer@example.cat", "oriol@example.cat"].entries()) {
    await once(t.newsletterSubscriptions, `newsletter:${i}`, async () => ({ email, privacyAccepted: true }));
  }

  // The published ones with their transcript (issue 33: the setting holds back those without one);
  // the pending one without, as a visitor may send it.
  const testimonialRows = [
    [
      "Un carril segur per anar a la feina",
      "laboral",
      "published",
      8,
      "Cada dia vaig a treballar en bici de Vilafranca a l'Arboç. Necessitem un carril segur i separat dels cotxes.",
    ],
    [
      "Volem anar a l'escola en bici",
      "infants",
      "published",
      9,
      "Som una família de Sant Sadurní. Els nens volen anar a l'escola en bici, però el camí no és segur.",
    ],
    [
      "Rutes entre vinyes per a tothom",
      "turistic",
      "published",
      9,
      "Les rutes entre vinyes són precioses. Amb bons senyals, tothom les podria fer en bici.",
    ],
    ["Aparcaments segurs a les estacions", "ciutadania", "pending", 5, null],
  ] as const;
  for (const [i, [title, category, status, duration, transcript]] of testimonialRows.entries()) {
    await once(t.testimonials, `testimonial:${i}`, async () => {
      const submittedAt = daysFromNow(-15 + i * 3);
      return {
        title,
        category,
        status,
        duration,
        transcript,
        submittedAt,
        createdAt: submittedAt,
        reviewedAt: status === "pending" ? null : daysFromNow(-14 + i * 3),
        audioKey: (await store(asset(`testimoni-${i + 1}.webm`), "audio", "audio/webm")).key,
      };
    });
  }

  await once(t.homeBackground, "background:main", async () => ({
    mediaKey: (await store(await illustration(1920, 1080, "vinyes"), "backgrounds")).key,
    mediaType: "image",
    title: "Vinyes del Penedès",
    description: "Paisatge del Penedès amb la Vivi",
    isActive: true,
  }));

  const videoScopes = [
    ["ciutadania", "Pedalant per Vilafranca"],
    ["turistic", "Paisatges del Penedès en bici"],
  ] as const;
  for (const [scope, title] of videoScopes) {
    await once(t.videos, `video:${scope}`, async () => {
      const file = await store(asset("video-1.webm"), "videos");
      return {
        scope,
        title,
        description: "Vídeo de demostració de la campanya.",
        translations: seedTranslations(title),
        videoKey: file.key,
        fileType: "webm",
        fileSize: file.size,
      };
    });
  }

  await once(t.resources, "resource:cartell", async () => ({
    title: "Cartell de la campanya",
    description: "El cartell oficial, per imprimir i penjar.",
    fullText: "🚲 Al Penedès, la bici ens mou! Comparteix el cartell a la teva escola, feina o associació.",
    translations: seedTranslations("Cartell de la campanya"),
    mediaKey: (await store(await illustration(1200, 1600, "xarxa"), "resources")).key,
    mediaType: "image",
    position: 0,
  }));
  await once(t.resources, "resource:guia", async () => ({
    title: "Guia de participació",
    description: "Com participar en el pla director, pas a pas.",
    fullText: `📋 Respon el qüestionari, comenta el mapa i envia'ns el teu àudio. Hi pots participar mentre la consulta sigui oberta.`,
    translations: seedTranslations("Guia de participació"),
    mediaKey: (await store(pdf("Guia de participacio - Al Penedes, la bici ens mou!"), "resources")).key,
    mediaType: "document",
    position: 1,
  }));
  await once(t.resources, "resource:video", async () => ({
    title: "Vídeo de presentació",
    description: "Presentació del pla director de la bicicleta.",
    fullText: "🎬 Un minut per entendre el pla.",
    translations: seedTranslations("Vídeo de presentació"),
    externalUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    mediaType: "video",
    position: 2,
  }));

  const photos = [
    ["La Vivi a les vinyes", "Primera sortida de la Vivi entre ceps.", 1600, 1067, "xarxa"],
    ["A l'estació de Vilafranca", "Esperant el tren amb la bici.", 1067, 1600, "laboral"],
    ["Mercat de Sant Sadurní", "La Vivi fa la compra de proximitat.", 1600, 1200, "ciutadania"],
    ["Cap a la platja de Cubelles", "Ruta fins al mar.", 1600, 900, "turistic"],
    ["Festa major", "La Vivi també balla!", 1200, 1600, "infants"],
    ["Posta de sol al Montmell", "Tornant a casa.", 1600, 1067, "vinyes"],
  ] as const;
  for (const [i, [title, description, width, height, scene]] of photos.entries()) {
    await once(t.biciFucsiaPhotos, `photo:${title}`, async () => ({
      title,
      description,
      translations: seedTranslations(title),
      width,
      height,
      position: i,
      imageKey: (await store(await illustration(width, height, scene), "photos")).key,
    }));
  }

  await once(t.landings, "landing:vilafranca", async () => ({
    title: "Vilafranca pedala",
    slug: "vilafranca-pedala",
    translations: seedTranslations("Vilafranca pedala"),
    description:
      "La xarxa ciclable arriba a **Vilafranca del Penedès**.\n\nVine a conèixer els nous trams i [digues la teva](https://penedes.example/participa). Escolta també [les veus del territori](/testimonis).",
  }));
  await once(t.landings, "landing:escoles", async () => ({
    title: "Camins escolars en bici",
    slug: "camins-escolars",
    isActive: false,
    description: "Una proposta per a les escoles del Penedès (esborrany).",
  }));

  // The participation map (issue 17): the example network and comments with a place.
  for (const layer of SEED_LAYERS) {
    const id = seedId(layer.seed);
    await once(t.mapLayers, layer.seed, async () => {
      const source = JSON.stringify(layer.geojson);
      const checked = checkLayer(source);
      if (!checked.ok) throw new Error(`seed layer ${layer.name}: ${checked.error}`);
      const file = await store(Buffer.from(source), "map-layers", "application/geo+json");
      const { seed: _, geojson: __, ...values } = layer;
      return { ...values, fileKey: file.key, featureCount: checked.featureCount, segments: checked.segments(id) };
    });
  }
  for (const { seed: name, daysAgo, ...values } of seedMapComments()) {
    await once(t.mapComments, name, async () => ({ ...values, createdAt: daysFromNow(-daysAgo) }));
  }

  for (const [key, value] of [
    ["map_tile_url", "https://geoserveis.icgc.cat/servei/catalunya/mapa-base/wmts/topografic/MON3857NW/{z}/{x}/{y}.png"],
    ["map_tile_attribution", "© Institut Cartogràfic i Geològic de Catalunya"],
    ["map_embed_url", "https://www.openstreetmap.org/export/embed.html?bbox=1.55%2C41.28%2C1.85%2C41.45&layer=cyclosm"],
    ["map_full_url", "https://www.openstreetmap.org/#map=12/41.35/1.70&layers=Y"],
    ["questionnaire_url", "https://forms.example.org/penedes-bici"],
  ] as const) {
    const inserted = await db.insert(t.siteSettings).values({ key, value }).onConflictDoNothing().returning({ key: t.siteSettings.key });
    if (inserted.length) report.inserted++;
    else report.skipped++;
  }
  return report;
}
