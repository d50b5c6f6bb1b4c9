import { createHash } from "node:crypto";
import { CAMPAIGN } from "~/domain/campaign";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import type { Storage } from "~/lib/storage.server";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";

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

/** A landscape illustration (sky, hills, sun, a bike) in the campaign's colours, as JPEG. */
export async function illustration(width: number, height: number, hue: number): Promise<Buffer> {
  const sky = `hsl(${hue} 70% 85%)`;
  const hill1 = `hsl(${(hue + 120) % 360} 45% 45%)`;
  const hill2 = `hsl(${(hue + 140) % 360} 40% 32%)`;
  const wheel = Math.round(height * 0.12);
  const cx = Math.round(width * 0.45),
    cy = Math.round(height * 0.72);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff5e6"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#s)"/>
    <circle cx="${width * 0.8}" cy="${height * 0.22}" r="${height * 0.1}" fill="#ffc94d"/>
    <path d="M0 ${height * 0.62} Q ${width * 0.3} ${height * 0.45} ${width * 0.6} ${height * 0.6} T ${width} ${height * 0.55} V ${height} H 0 Z" fill="${hill1}"/>
    <path d="M0 ${height * 0.8} Q ${width * 0.4} ${height * 0.68} ${width} ${height * 0.82} V ${height} H 0 Z" fill="${hill2}"/>
    <g fill="none" stroke="#b0125b" stroke-width="${Math.max(4, wheel / 6)}" stroke-linecap="round" stroke-linejoin="round">
      <circle cx="${cx}" cy="${cy}" r="${wheel}"/><circle cx="${cx + wheel * 3}" cy="${cy}" r="${wheel}"/>
      <path d="M${cx} ${cy} l${wheel} ${-wheel * 1.5} h${wheel * 1.4} l${wheel * 0.6} ${wheel * 1.5} M${cx + wheel} ${cy - wheel * 1.5} l${wheel * 0.8} ${wheel * 1.5} h${-wheel * 1.8}"/>
    </g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A simple logo badge, as PNG. */
async function logo(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96"><rect width="240" height="96" rx="16" fill="hsl(${hue} 60% 35%)"/>
    <circle cx="56" cy="48" r="26" fill="none" stroke="#fff" stroke-width="8"/><rect x="100" y="30" width="110" height="12" rx="6" fill="#fff"/><rect x="100" y="54" width="80" height="12" rx="6" fill="#fff" opacity=".8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

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
      })
      .onConflictDoNothing();
    report.inserted++;
  } else report.skipped++;

  for (const [i, name] of ["Consell Comarcal del Penedès", "Fons Europeus Next Generation", "Mou-te Mobilitat"].entries()) {
    await once(t.footerLogos, `logo:${name}`, async () => ({
      name,
      imageKey: (await store(await logo(330 + i * 60), "logos")).key,
      linkUrl: i === 0 ? "https://www.ccapenedes.cat" : null,
      position: i,
    }));
  }

  const activityRows = [
    {
      emoji: "🚲",
      title: "Bicicletada popular per la xarxa de carrils",
      days: 7,
      description: "Recorregut tranquil de 15 km entre Vilafranca i Santa Margarida i els Monjos, apte per a tothom.",
      linkUrl: "https://www.ccapenedes.cat/agenda",
    },
    {
      emoji: "🗺️",
      title: "Taller participatiu: dibuixem la xarxa",
      days: 14,
      description: "Sessió oberta per marcar al mapa els trams que et preocupen.",
      linkUrl: null,
    },
    {
      emoji: "👧",
      title: "Anem a l'escola en bici",
      days: 21,
      description: "Acompanyem els infants de primària en un trajecte segur fins a l'escola.",
      linkUrl: null,
    },
    { emoji: "🍇", title: "Ruta entre vinyes amb la Vivi", days: 35, description: null, linkUrl: "https://www.ccapenedes.cat/agenda" },
  ];
  for (const a of activityRows) {
    await once(t.activities, `activity:${a.title}`, async () => ({
      emoji: a.emoji,
      title: a.title,
      date: isoDate(daysFromNow(a.days)),
      description: a.description,
      linkUrl: a.linkUrl,
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

  const testimonialRows = [
    ["Un carril segur per anar a la feina", "laboral", "approved", 8],
    ["Volem anar a l'escola en bici", "infants", "approved", 9],
    ["Rutes entre vinyes per a tothom", "turistic", "approved", 9],
    ["Aparcaments segurs a les estacions", "ciutadania", "pending", 5],
  ] as const;
  for (const [i, [title, category, status, duration]] of testimonialRows.entries()) {
    await once(t.testimonials, `testimonial:${i}`, async () => {
      const submittedAt = daysFromNow(-15 + i * 3);
      return {
        title,
        category,
        status,
        duration,
        submittedAt,
        createdAt: submittedAt,
        reviewedAt: status === "pending" ? null : daysFromNow(-14 + i * 3),
        audioKey: (await store(asset(`testimoni-${i + 1}.webm`), "audio", "audio/webm")).key,
      };
    });
  }

  await once(t.homeBackground, "background:main", async () => ({
    mediaKey: (await store(await illustration(1920, 1080, 330), "backgrounds")).key,
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
    mediaKey: (await store(await illustration(1200, 1600, 300), "resources")).key,
    mediaType: "image",
    position: 0,
  }));
  await once(t.resources, "resource:guia", async () => ({
    title: "Guia de participació",
    description: "Com participar en el pla director, pas a pas.",
    fullText: `📋 Respon el qüestionari, comenta el mapa i envia'ns el teu àudio. Tens temps fins al ${CAMPAIGN.consultationUntil}.`,
    mediaKey: (await store(pdf("Guia de participacio - Al Penedes, la bici ens mou!"), "resources")).key,
    mediaType: "document",
    position: 1,
  }));
  await once(t.resources, "resource:video", async () => ({
    title: "Vídeo de presentació",
    description: "Presentació del pla director de la bicicleta.",
    fullText: "🎬 Un minut per entendre el pla.",
    externalUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    mediaType: "video",
    position: 2,
  }));

  const photos = [
    ["La Vivi a les vinyes", "Primera sortida de la Vivi entre ceps.", 1600, 1067, 320],
    ["A l'estació de Vilafranca", "Esperant el tren amb la bici.", 1067, 1600, 200],
    ["Mercat de Sant Sadurní", "La Vivi fa la compra de proximitat.", 1600, 1200, 30],
    ["Cap a la platja de Cubelles", "Ruta fins al mar.", 1600, 900, 190],
    ["Festa major", "La Vivi també balla!", 1200, 1600, 280],
    ["Posta de sol al Montmell", "Tornant a casa.", 1600, 1067, 15],
  ] as const;
  for (const [i, [title, description, width, height, hue]] of photos.entries()) {
    await once(t.biciFucsiaPhotos, `photo:${title}`, async () => ({
      title,
      description,
      width,
      height,
      position: i,
      imageKey: (await store(await illustration(width, height, hue), "photos")).key,
    }));
  }

  await once(t.landings, "landing:vilafranca", async () => ({
    title: "Vilafranca pedala",
    slug: "vilafranca-pedala",
    description:
      "La xarxa ciclable arriba a **Vilafranca del Penedès**.\n\nVine a conèixer els nous trams i [digues la teva](https://penedes.example/participa). Escolta també [les veus del territori](/testimonis).",
  }));
  await once(t.landings, "landing:escoles", async () => ({
    title: "Camins escolars en bici",
    slug: "camins-escolars",
    isActive: false,
    description: "Una proposta per a les escoles del Penedès (esborrany).",
  }));

  for (const [key, value] of [
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
