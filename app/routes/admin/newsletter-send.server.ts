import { count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Route } from "./+types/newsletter-send";
import { newsletterSubscriptions } from "~/db/schema";
import { done, failed, fieldErrors, firstError, readAdminForm } from "~/models/admin.server";
import { newsletterDraftSchema } from "~/lib/admin-schemas";
import { errorFields, log } from "~/infra/log.server";
import { failedDeliveries, newsletterHistory, queueNewsletter, retryFailed, sendTestNewsletter } from "~/models/newsletter-send.server";
import { requireAdmin } from "~/infra/session.server";
import { mayUse } from "~/domain/roles";
import { ADMIN_SCREENS } from "~/domain/admin-screens";
import { recordAudit } from "~/models/audit.server";

/** A mail server's reply with any e-mail address in it replaced. */
const withoutAddresses = (text: string) => text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, "(adreça)");

/** Issues whose failures are listed with their reasons (the newest that have any). */
const FAILURES_SHOWN_FOR = 5;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  const [[confirmed], history] = await Promise.all([
    context.db.select({ n: count() }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.status, "confirmed")),
    newsletterHistory(context.db),
  ]);
  const withFailures = history.filter((i) => i.failed > 0).slice(0, FAILURES_SHOWN_FOR);
  // Subscribers' addresses are the moderators' business (the role table): an editor sees why
  // deliveries failed, not to whom, not even inside the mail server's reply (issue 29).
  const seesSubscribers = mayUse(user.role, ADMIN_SCREENS.subscribers.path);
  const failures = Object.fromEntries(
    await Promise.all(
      withFailures.map(async (i) => {
        const rows = await failedDeliveries(context.db, i.id);
        return [
          i.id,
          rows.map((f) => (seesSubscribers ? f : { ...f, email: null, reason: f.reason && withoutAddresses(f.reason) })),
        ] as const;
      }),
    ),
  );
  return { confirmed: confirmed?.n ?? 0, me: user.email, history, failures, seesSubscribers };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const intent = fields.intent;

  if (intent === "retry") {
    const id = z.uuid().safeParse(fields.id);
    if (!id.success) return failed("Petició no vàlida.");
    // Mail in the council's name: recorded in the audit log with the change (issue 29).
    const n = await retryFailed(context.db, id.data, (tx, count) =>
      recordAudit(tx, { request, context }, user, {
        entity: "newsletter_issue",
        entityId: id.data,
        action: "retry",
        after: { deliveries: String(count) },
      }),
    );
    return done(n ? `${n} ${n === 1 ? "enviament es tornarà" : "enviaments es tornaran"} a provar` : "No hi ha enviaments fallits");
  }
  if (intent !== "test" && intent !== "send") return failed("Petició no vàlida.");

  const parsed = newsletterDraftSchema.safeParse(fields);
  if (!parsed.success) return failed(firstError(parsed.error), 400, fieldErrors(parsed.error));
  if (intent === "test") {
    try {
      await sendTestNewsletter(context, user.email, parsed.data);
    } catch (err) {
      log("error", "newsletter test send failed", errorFields(err));
      return failed("No s'ha pogut enviar la prova: el servidor de correu no l'ha acceptada. Torna-ho a provar.", 502);
    }
    // Mail in the council's name, even a test: recorded once the mail server took it (issue 29).
    await recordAudit(context.db, { request, context }, user, {
      entity: "newsletter_issue",
      action: "test_send",
      after: { subject: parsed.data.subject },
    });
    return done(`Prova enviada a ${user.email}`);
  }
  // The issue names its sender, and the send is in the audit log, in the same transaction (issue 29).
  const queued = await queueNewsletter(context.db, parsed.data, {
    sender: { id: user.id, email: user.email },
    record: (tx, issue) =>
      recordAudit(tx, { request, context }, user, {
        entity: "newsletter_issue",
        entityId: issue.id,
        action: "send",
        after: { subject: parsed.data.subject, recipients: String(issue.recipients) },
      }),
  });
  if (!queued.ok) {
    return failed(
      queued.reason === "busy"
        ? "Ja s'està enviant una newsletter. Espera que acabi abans d'enviar-ne una altra."
        : "No hi ha cap subscriptor confirmat: no s'ha enviat res.",
      409,
    );
  }
  log("info", "newsletter queued", { issue: queued.id, recipients: queued.recipients });
  return done(`Newsletter en cua per a ${queued.recipients} ${queued.recipients === 1 ? "subscriptor" : "subscriptors"}`);
}
