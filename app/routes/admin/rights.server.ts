import type { Route } from "./+types/rights";
import { z } from "zod";
import { councilDay } from "~/domain/accessibility-requests";
import { ERASURE_MODES, rightsReferenceOf, type ErasureMode } from "~/domain/rights";
import { requireAdmin } from "~/infra/session.server";
import { done, failed, logActionError, readAdminForm } from "~/models/admin.server";
import { recordAudit } from "~/models/audit.server";
import {
  countsOf,
  emailHash,
  erasePersonalData,
  findPersonalData,
  normaliseEmail,
  purgeUnconfirmedRequests,
  rightsQueue,
  setRightsRequestStatus,
  StaffAddress,
  totalOf,
} from "~/models/rights.server";

// People's rights over their data (issue 34, decision 072), the administrators' only: the queue of
// confirmed requests (each due a month after its confirmation), and, for an address, everything tied
// to it, its ZIP (rights-export.ts) and its erasure. The audit log keeps a hash of the address.

/** The search parameter that holds the address. */
export const ADDRESS_PARAM = "correu";

export const BAD_ADDRESS = "Escriu una adreça de correu electrònic vàlida.";
export const ERASED_MESSAGE = "Dades esborrades";
export const STAFF_ADDRESS = "Aquesta adreça és d'un compte de l'equipa: tanca'l des de «Comptes», no des d'aquí.";
export const MARKED_DONE = "Sol·licitud marcada com a atesa";
export const MARKED_PENDING = "Sol·licitud tornada a pendent";
export const REQUEST_GONE = "Aquesta sol·licitud ja no existeix o ja tenia aquest estat. Torna a carregar la pàgina.";

/** A staff member's address as typed: trimmed, and a valid address or nothing. */
export function readAddress(value: string | null | undefined): string | null {
  const email = (value ?? "").trim();
  if (!email || email.length > 254 || !z.email().safeParse(email).success) return null;
  return normaliseEmail(email);
}

const excerpt = (v: unknown) => (typeof v === "string" ? (v.length > 160 ? `${v.slice(0, 159)}…` : v) : "");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  await purgeUnconfirmedRequests(context.db);
  const url = new URL(request.url);
  const typed = url.searchParams.get(ADDRESS_PARAM);
  const email = readAddress(typed);
  const queue = await rightsQueue(context.db);
  const today = councilDay(new Date());
  if (!typed) return { queue, today, search: null };
  if (!email) return { queue, today, search: { email: typed.slice(0, 254), error: BAD_ADDRESS } as const };
  const found = await findPersonalData(context.db, context.sessionSecret, email);
  return {
    queue,
    today,
    search: {
      email,
      error: null,
      counts: countsOf(found),
      total: totalOf(found),
      contributions: found.contributions.flatMap((c) =>
        c.rows.map((r) => ({
          type: c.type,
          id: String(r.id),
          text: excerpt(r.reflection ?? r.comment ?? r.title),
          status: String(r.status ?? ""),
          date: (r.createdAt ?? r.submittedAt) as Date,
          answerConsent: r.answerConsent === true,
        })),
      ),
      newsletter: found.newsletter.map((n) => ({ id: String(n.id), status: String(n.status), date: n.createdAt as Date })),
      accessibility: found.accessibilityRequests.map((a) => ({ id: String(a.id), about: excerpt(a.about), date: a.createdAt as Date })),
      requests: found.rightsRequests.map((r) => ({
        id: String(r.id),
        kind: String(r.kind),
        status: String(r.status),
        date: r.createdAt as Date,
      })),
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const intent = fields.intent;
  if (intent === "erase") {
    const email = readAddress(fields.email);
    if (!email) return failed(BAD_ADDRESS, 400, { email: BAD_ADDRESS });
    const mode = ERASURE_MODES.find((m) => m === fields.mode) as ErasureMode | undefined;
    if (!mode) return failed("Tria què s'ha d'esborrar.", 400);
    try {
      const { counts } = await erasePersonalData(context, email, mode, user, request);
      const n = Object.entries(counts)
        .filter(([k]) => k !== "audio" && k !== "reports" && k !== "answers")
        .reduce((sum, [, v]) => sum + v, 0);
      return done(`${ERASED_MESSAGE}: ${n} ${n === 1 ? "element" : "elements"}.`);
    } catch (err) {
      if (err instanceof StaffAddress) return failed(STAFF_ADDRESS, 409);
      logActionError("personal data erasure", err);
      return failed("No s'han pogut esborrar les dades. No s'ha esborrat res.", 500);
    }
  }
  if (intent === "done" || intent === "reopen") {
    const id = fields.id ?? "";
    if (!UUID.test(id)) return failed("Petició no vàlida.", 400);
    const status = intent === "done" ? "done" : "pending";
    try {
      const changed = await context.db.transaction(async (tx) => {
        const row = await setRightsRequestStatus(tx, id, status, user.email);
        if (!row) return false;
        await recordAudit(tx, { request, context }, user, {
          entity: "rights_request",
          entityId: id,
          action: intent === "done" ? "answer" : "reopen",
          after: { status, reference: rightsReferenceOf(id) },
        });
        return true;
      });
      if (!changed) return failed(REQUEST_GONE, 409);
      return done(status === "done" ? MARKED_DONE : MARKED_PENDING);
    } catch (err) {
      logActionError("rights request", err);
      return failed("No s'ha pogut canviar l'estat de la sol·licitud", 500);
    }
  }
  return failed("Petició no vàlida.", 400);
}

export { emailHash };
