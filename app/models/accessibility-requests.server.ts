import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { accessibilityRequests } from "~/db/schema";
import { answerDueOn, councilDay, referenceOf, type AccessibilityRequestKind } from "~/domain/accessibility-requests";
import type { AppContext } from "~/infra/app-context.server";
import { errorFields, log } from "~/infra/log.server";
import { translator } from "~/i18n/catalogues.server";
import type { Locale } from "~/i18n/locales";
import { formatLongDate } from "~/lib/dates";
import { SITE_NAME } from "~/lib/seo";
import { columnsOf, type ListSpec } from "~/models/admin-list.server";
import { readStatement } from "~/models/accessibility.server";

// The requests sent from the accessibility statement (issue 33, decision 064): stored whole, then
// acknowledged by e-mail in the sender's language; staff answer them (by e-mail, outside the site)
// within 20 working days and mark them answered in the queue (/admin/sollicituds-accessibilitat).

export interface NewAccessibilityRequest {
  kind: AccessibilityRequestKind;
  name: string | null;
  email: string;
  about: string;
  message: string;
}

export { referenceOf };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The acknowledgement: what came in, its reference, the day the answer is due and who answers. */
export function acknowledgementMessage(input: {
  kind: AccessibilityRequestKind;
  about: string;
  message: string;
  reference: string;
  dueOn: string;
  unit: string;
  locale: Locale;
}) {
  const t = translator(input.locale);
  const due = formatLongDate(input.dueOn, input.locale);
  const lines = [
    t("emails.accessibilityRequest.hello"),
    t(
      input.kind === "information"
        ? "emails.accessibilityRequest.receivedInformation"
        : "emails.accessibilityRequest.receivedCommunication",
      {
        site: SITE_NAME,
      },
    ),
    t("emails.accessibilityRequest.reference", { reference: input.reference }),
    t("emails.accessibilityRequest.due", { due, unit: input.unit }),
    t("emails.accessibilityRequest.copy"),
  ];
  const quoted = `${t("emails.accessibilityRequest.about")} ${input.about}\n\n${input.message}`;
  return {
    subject: t("emails.accessibilityRequest.subject", { reference: input.reference }),
    text: `${lines.join("\n\n")}\n\n${quoted.replace(/^/gm, "> ")}\n`,
    html: [
      `<!doctype html><html lang="${input.locale}"><body style="font-family:sans-serif;line-height:1.5;max-width:40em">`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:1em"><p>${escapeHtml(t("emails.accessibilityRequest.about"))} ${escapeHtml(input.about)}</p>`,
      `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p></blockquote>`,
      "</body></html>",
    ].join("\n"),
  };
}

/** Stores a request (its due date from today's) and acknowledges it by e-mail. The request is kept
 * whatever the mail server says; `mailed` says whether the acknowledgement went out (ackSentAt). */
export async function storeAccessibilityRequest(
  context: Pick<AppContext, "db" | "mailer">,
  input: NewAccessibilityRequest,
  locale: Locale,
  now = new Date(),
): Promise<{ id: string; reference: string; dueOn: string; mailed: boolean }> {
  const dueOn = answerDueOn(now);
  const [row] = await context.db
    .insert(accessibilityRequests)
    .values({ ...input, dueOn, locale, createdAt: now })
    .returning({ id: accessibilityRequests.id });
  const id = row!.id;
  const reference = referenceOf(id);
  try {
    const { unit } = await readStatement(context.db);
    await context.mailer.sendMail({
      to: input.email,
      ...acknowledgementMessage({ ...input, reference, dueOn, unit, locale }),
    });
    await context.db.update(accessibilityRequests).set({ ackSentAt: new Date() }).where(eq(accessibilityRequests.id, id));
    return { id, reference, dueOn, mailed: true };
  } catch (err) {
    log("error", "accessibility request acknowledgement failed", { request: id, ...errorFields(err) });
    return { id, reference, dueOn, mailed: false };
  }
}

/** The staff queue (decision 056's engine): the oldest first, so the next due is on top; pending
 * ones unless the filter says otherwise. */
export const accessibilityRequestList: ListSpec = {
  table: accessibilityRequests,
  id: accessibilityRequests.id,
  date: accessibilityRequests.createdAt,
  search: [accessibilityRequests.email, accessibilityRequests.name, accessibilityRequests.about, accessibilityRequests.message],
  defaultDir: "asc",
  filters: {
    estat: { column: accessibilityRequests.status, values: ["pending", "answered"] },
    tipus: { column: accessibilityRequests.kind, values: ["communication", "information"] },
  },
};

export const accessibilityRequestFields = columnsOf(
  accessibilityRequests,
  "id",
  "kind",
  "name",
  "email",
  "about",
  "message",
  "status",
  "dueOn",
  "ackSentAt",
  "answeredAt",
  "answeredByEmail",
  "locale",
  "createdAt",
);

/** How many wait for an answer, and how many of those are past their due date (the dashboard). */
export async function accessibilityRequestTodo(db: Db, now = new Date()): Promise<{ pending: number; overdue: number }> {
  const today = councilDay(now);
  const [row] = await db
    .select({ pending: count(), overdue: count(sql`case when ${accessibilityRequests.dueOn} < ${today} then 1 end`) })
    .from(accessibilityRequests)
    .where(eq(accessibilityRequests.status, "pending"));
  return { pending: row?.pending ?? 0, overdue: row?.overdue ?? 0 };
}

/** Marks a request answered (or back to pending); null when it does not exist or is already so. */
export async function setAccessibilityRequestStatus(
  db: Pick<Db, "update">,
  id: string,
  status: "pending" | "answered",
  by: string,
  now = new Date(),
) {
  const [row] = await db
    .update(accessibilityRequests)
    .set(status === "answered" ? { status, answeredAt: now, answeredByEmail: by } : { status, answeredAt: null, answeredByEmail: null })
    .where(and(eq(accessibilityRequests.id, id), eq(accessibilityRequests.status, status === "answered" ? "pending" : "answered")))
    .returning({ id: accessibilityRequests.id, status: accessibilityRequests.status, answeredAt: accessibilityRequests.answeredAt });
  return row ?? null;
}
