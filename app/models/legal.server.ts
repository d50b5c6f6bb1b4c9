import type { Db } from "~/db/client.server";
import { translator } from "~/i18n/catalogues.server";
import { getSetting, putSetting } from "~/infra/settings.server";
import { LEGAL_PARTS, type LegalNotice, type LegalPart } from "~/lib/legal";
import { readRetentionSettings } from "~/models/settings.server";

// The legal notice's data-protection parts (issue 34, decision 071): each one is the catalogue's
// text (in the page's language) until staff write their own, which the page shows in Catalan. One
// setting holds staff's texts; a part equal to the default, or empty, is stored as null, so the
// translated default keeps showing. The retention period is the retention setting's.

export const LEGAL_SETTING = "legal_notice";

/** The catalogue's Catalan text of each part: what the page says while staff have written none. */
export function defaultLegalTexts(): Record<LegalPart, string> {
  const t = translator("ca");
  return {
    controller: t("public.legal.controller"),
    dpo: t("public.legal.dpo"),
    purposes: `- ${t("public.legal.dataContributions")}\n- ${t("public.legal.dataEmail")}`,
    legalBases: t("public.legal.bases"),
    recipients: t("public.legal.recipients"),
    rights: `${t("public.legal.rights").replace(/<\/?strong>/g, "**")}\n\n${t("public.legal.complaint")}`,
    reuse: t("public.legal.reuse"),
  };
}

/** Staff's texts (null: the default), as stored. */
export async function readLegalNotice(db: Db): Promise<LegalNotice> {
  const saved = await getSetting<Record<string, unknown>>(db, LEGAL_SETTING);
  return Object.fromEntries(
    LEGAL_PARTS.map((p) => {
      const v = saved && typeof saved === "object" ? saved[p] : null;
      return [p, typeof v === "string" && v.trim() !== "" ? v : null];
    }),
  ) as LegalNotice;
}

/** Stores staff's texts: a part left empty or equal to its default goes back to the default. */
export async function saveLegalNotice(db: Pick<Db, "insert">, values: Record<LegalPart, string>): Promise<LegalNotice> {
  const defaults = defaultLegalTexts();
  const squash = (s: string) => s.replace(/\r\n/g, "\n").trim();
  const notice = Object.fromEntries(
    LEGAL_PARTS.map((p) => {
      const v = squash(values[p]);
      return [p, v === "" || v === squash(defaults[p]) ? null : v];
    }),
  ) as LegalNotice;
  await putSetting(db, LEGAL_SETTING, notice);
  return notice;
}

/** The notice as the page reads it: staff's texts and the retention period. */
export async function readLegalPage(db: Db) {
  const [notice, retention] = await Promise.all([readLegalNotice(db), readRetentionSettings(db)]);
  return { notice, retentionMonths: retention.months };
}

/** Each part as it stands, in Catalan: staff's text or the default (the staff screen, the DPO's record). */
export async function currentLegalTexts(db: Db): Promise<Record<LegalPart, string>> {
  const notice = await readLegalNotice(db);
  const defaults = defaultLegalTexts();
  return Object.fromEntries(LEGAL_PARTS.map((p) => [p, notice[p] ?? defaults[p]])) as Record<LegalPart, string>;
}

// ---- The record of processing activities (GDPR art. 30) for the DPO ---------------------------

export interface ProcessingActivity {
  name: string;
  controller: string;
  dpo: string;
  purpose: string;
  legalBasis: string;
  subjects: string;
  data: string;
  recipients: string;
  transfers: string;
  retention: string;
  security: string;
}

const plain = (markdown: string) =>
  markdown
    .replace(/\*\*|__/g, "")
    .replace(/^\s*-\s+/gm, "")
    .replace(/\n{2,}/g, "\n")
    .trim();

/** The site's processing activities, with the legal notice's texts as they stand and the retention
 * setting: one row each, in Catalan. */
export async function processingActivities(db: Db): Promise<ProcessingActivity[]> {
  const [texts, { months }] = await Promise.all([currentLegalTexts(db), readRetentionSettings(db)]);
  const period = `${months} ${months === 1 ? "mes" : "mesos"}`;
  const common = {
    controller: plain(texts.controller),
    dpo: plain(texts.dpo),
    recipients: plain(texts.recipients),
    transfers: "No n'hi ha.",
    security:
      "Les de l'Esquema Nacional de Seguretat, categoria BÀSICA (SECURITY.md): accés amb rols i verificació en dos passos, registre d'activitat, còpies de seguretat, xifratge en trànsit (TLS), registres del servidor i actualitzacions.",
  };
  return [
    {
      name: "Aportacions a la consulta del Pla director de la bicicleta",
      ...common,
      purpose: "Recollir i analitzar les reflexions, els comentaris al mapa i els testimonis d'àudio per elaborar el pla director.",
      legalBasis: "Missió d'interès públic (art. 6.1.e RGPD): participació ciutadana en l'elaboració del pla.",
      subjects: "Persones que participen en la consulta.",
      data: "Text de l'aportació, lloc al mapa, veu (testimonis d'àudio); opcionalment nom i correu electrònic.",
      retention: `El nom i el correu, mentre dura la consulta i ${period} després del tancament, llevat que un consentiment encara els necessiti; el text de les aportacions es conserva sense dades identificatives.`,
    },
    {
      name: "Newsletter de la campanya",
      ...common,
      purpose: "Enviar la newsletter de la campanya a qui s'hi subscriu.",
      legalBasis: "Consentiment (art. 6.1.a RGPD), amb doble confirmació per correu.",
      subjects: "Persones subscrites a la newsletter.",
      data: "Correu electrònic, llengua, data del consentiment i de la confirmació.",
      retention: "Fins que la persona es dona de baixa; les altes no confirmades s'esborren quan caduca l'enllaç de confirmació (7 dies).",
    },
    {
      name: "Resposta del Consell a les aportacions",
      ...common,
      purpose: "Enviar per correu la resposta del Consell a l'autor d'una aportació que ho demana.",
      legalBasis: "Consentiment (art. 6.1.a RGPD).",
      subjects: "Autors d'aportacions que demanen la resposta.",
      data: "Correu electrònic, llengua i text de l'aportació.",
      retention: "Fins que s'envia la resposta; després, el termini general de les aportacions.",
    },
    {
      name: "Sol·licituds d'accessibilitat",
      ...common,
      purpose: "Atendre les comunicacions i les sol·licituds d'informació accessible (RD 1112/2018).",
      legalBasis: "Obligació legal (art. 6.1.c RGPD): Reial decret 1112/2018.",
      subjects: "Persones que envien una sol·licitud.",
      data: "Nom, correu electrònic i contingut de la sol·licitud.",
      retention: "El temps necessari per atendre-la i el de les possibles reclamacions.",
    },
    {
      name: "Comptes del personal i registre d'activitat",
      ...common,
      purpose: "Gestionar l'accés al back office i deixar constància de qui fa cada canvi.",
      legalBasis: "Obligació legal (art. 6.1.c RGPD): Esquema Nacional de Seguretat (RD 311/2022).",
      subjects: "Personal del Consell i de l'empresa encarregada.",
      data: "Nom, correu electrònic, rol, adreça IP i navegador de cada acció.",
      retention: "Mentre el compte és actiu; el registre d'activitat, el que fixi la política de seguretat del Consell.",
    },
  ];
}
