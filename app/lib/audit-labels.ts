// The audit log in Catalan (issue 27, item 14): one table of names for every action and every kind
// of entry the back office records, used by the log's screen, its filters and its CSV. A new audit
// action adds its name here, in the same style (a noun of the act: "Alta", "Canvi de rol"). An
// action or entity missing from the table still reads sensibly: its code, with spaces, in quotes.

import type { ListShape } from "./admin-list";

export const AUDIT_ACTION_LABELS = {
  // Content and settings (every admin screen).
  create: "Creació",
  update: "Modificació",
  delete: "Eliminació",
  toggle: "Activació o desactivació",
  texts: "Canvi de textos",
  // Moderation.
  approve: "Aprovació",
  hide: "Ocultació",
  restore: "Restabliment",
  reject: "Rebuig",
  "undo-reject": "Desfer el rebuig",
  release_held: "Publicació de les retingudes per denúncies",
  transcript: "Transcripció",
  // The council's answers (issue 31).
  answer: "Resposta",
  publish: "Publicació",
  publish_all: "Publicació de totes les respostes",
  notify_again: "Nou avís de la resposta a l'autor",
  withdraw: "Retirada de la publicació",
  // The report "Què hem escoltat" (decision 075): a contribution featured in it, or no longer.
  feature: "Destacada a l'informe",
  unfeature: "Retirada dels destacats de l'informe",
  // Accessibility requests (issue 33): marked answered, or back to pending.
  reopen: "Tornada a pendent",
  // The codebook and coding (issue 32).
  merge: "Fusió de codis",
  tag: "Codificació",
  untag: "Retirada d'un codi",
  bulk_tag: "Codificació en bloc",
  bulk_untag: "Retirada d'un codi en bloc",
  accept_suggestion: "Acceptació de suggeriments",
  reject_suggestion: "Rebuig de suggeriments",
  // The municipality of a contribution, and the questionnaire's import (issue 32, decision 076).
  set_municipality: "Canvi de municipi",
  import: "Importació",
  bulk_answer: "Resposta en bloc",
  // Accounts.
  invite: "Invitació",
  accept_invitation: "Acceptació d'invitació",
  role: "Canvi de rol",
  disable: "Desactivació del compte",
  enable: "Reactivació del compte",
  password_change: "Canvi de contrasenya",
  totp_enable: "Activació de la verificació en dos passos",
  totp_remove: "Retirada de la verificació en dos passos",
  recovery_codes_new: "Codis de recuperació nous",
  sessions_end: "Tancament de sessions",
  second_factor_locked: "Bloqueig de la verificació en dos passos",
  // Sessions.
  sign_in: "Inici de sessió",
  sign_in_failed: "Inici de sessió fallit",
  sign_out: "Fi de sessió",
  // Reading personal data in bulk, and mail sent in the council's name (issue 29).
  export: "Exportació",
  test_send: "Enviament de prova",
  send: "Enviament",
  retry: "Reintent dels enviaments fallits",
  // People's rights over their data (decision 072): the entry keeps a hash of the address, never it.
  erase: "Supressió de dades personals",
  // Personal data erased when its retention period ends (issue 34), by the server itself.
  retention: "Esborrament per termini de conservació",
} as const satisfies Record<string, string>;

/** Every action the log records: a new one cannot be recorded before it has its name above (the type
 * of AuditChange.action holds that). */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  account: "Compte",
  session: "Sessió",
  settings: "Configuració",
  reflection: "Reflexió",
  map_comment: "Comentari al mapa",
  testimonial: "Testimoni",
  activity: "Activitat",
  landing: "Landing page",
  video: "Vídeo",
  resource: "Recurs",
  background: "Fons de la home",
  photo: "Foto de la Vivi",
  logo: "Footer",
  "map layer": "Capa del mapa",
  subscriber: "Subscriptor",
  newsletter: "Newsletter",
  newsletter_issue: "Número de la newsletter",
  export: "Exportació de dades",
  answer: "Resposta a una aportació",
  "answer state": "Estat de resposta",
  accessibility_request: "Sol·licitud d'accessibilitat",
  result: "Actuació del pla",
  "result state": "Estat del seguiment",
  "result entry": "Fita d'una actuació",
  code: "Codi",
  "code group": "Grup de codis",
  coding: "Codificació d'aportacions",
  questionnaire: "Respostes del qüestionari",
  "answer template": "Plantilla de resposta",
  personal_data: "Dades personals",
  rights_request: "Sol·licitud de drets sobre les dades",
};

/** "sign_up_weird" -> «sign up weird»: a code nobody named yet, still readable. */
const unnamed = (code: string) => {
  const words = code.replace(/[_-]+/g, " ").trim();
  return words ? `«${words}»` : "—";
};

const label = (table: Readonly<Record<string, string>>, code: string) => (Object.hasOwn(table, code) ? table[code]! : unnamed(code));

/** An audit action's name in Catalan. */
export const auditActionLabel = (action: string) => label(AUDIT_ACTION_LABELS, action);

/** The kind of an audit entry's subject, in Catalan. */
export const auditEntityLabel = (entity: string) => label(AUDIT_ENTITY_LABELS, entity);

/** The log's screen and its CSV in the one query dialect of every list (lib/admin-list.ts, decision
 * 056): an account (part of its address), an entity, an action, a range of days; newest first. */
export const AUDIT_SHAPE: ListShape = {
  search: false,
  dates: true,
  sorts: ["data"],
  defaultDir: "desc",
  filters: { compte: { kind: "text", max: 254 }, entitat: { kind: "text", max: 100 }, accio: { kind: "text", max: 100 } },
};
