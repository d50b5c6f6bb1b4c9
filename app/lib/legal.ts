import { z } from "zod";
import { formatNumber } from "~/i18n/locales";

// The legal notice's data-protection parts that staff write (issue 34, decision 071), client-safe:
// their names and labels, and the staff screen's schema.

export const LEGAL_PARTS = ["controller", "dpo", "purposes", "legalBases", "recipients", "rights", "reuse"] as const;
export type LegalPart = (typeof LEGAL_PARTS)[number];

/** Staff's text of each part; null: the catalogue's default, in the page's language. */
export type LegalNotice = Record<LegalPart, string | null>;

export const LEGAL_LABELS: Record<LegalPart, string> = {
  controller: "Responsable del tractament",
  dpo: "Contacte del delegat de protecció de dades",
  purposes: "Finalitats (quines dades tractem i per a què)",
  legalBases: "Base jurídica",
  recipients: "Destinataris",
  rights: "Drets i reclamació",
  reuse: "Reutilització de la informació (Llei 19/2014)",
};

export const LEGAL_MAX = 5000;

/** Something that reads as an e-mail address: no public page shows one. */
const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i;

const part = (label: string) =>
  z
    .string({ error: `Escriu el text de «${label}»` })
    .max(LEGAL_MAX, `«${label}» pot tenir com a màxim ${formatNumber(LEGAL_MAX)} caràcters`)
    .refine(
      (v) => !EMAIL.test(v),
      `«${label}» no pot contenir cap adreça de correu: la web no en publica cap. Indica-hi una adreça web o el registre electrònic`,
    );

export const legalNoticeSchema = z.object(
  Object.fromEntries(LEGAL_PARTS.map((p) => [p, part(LEGAL_LABELS[p])])) as Record<LegalPart, ReturnType<typeof part>>,
);
