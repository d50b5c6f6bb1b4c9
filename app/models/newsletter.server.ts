import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { newsletterSubscriptions as subs, type newsletterSourceEnum } from "~/db/schema";
import type { AppContext } from "~/infra/app-context.server";
import { errorFields, log } from "~/infra/log.server";
import { confirmationMessage } from "~/models/newsletter-mail.server";
import type { Locale } from "~/i18n/locales";
import { localePaths } from "~/lib/routes";

// The newsletter's double opt-in and one-click unsubscribe (decision 023). Links carry a signed
// token (the subscription's id and, to confirm, an expiry), never the address.

export type NewsletterSource = (typeof newsletterSourceEnum.enumValues)[number];
type MailCtx = Pick<AppContext, "db" | "env" | "mailer" | "sessionSecret">;

/** A confirmation link works this long; an unconfirmed subscription is erased after it. */
export const CONFIRMATION_DAYS = 7;
export const CONFIRMATION_MS = CONFIRMATION_DAYS * 24 * 60 * 60 * 1000;
/** Asking again for a pending address sends the confirmation again, at most this often: a person
 * who lost the message waits a quarter of an hour at most, and nobody can make the site write to
 * an address more than 4 times an hour (each client's write limit applies too). */
export const RESEND_INTERVAL_MS = 15 * 60 * 1000;

// ---- Signed links ----------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Signed confirm and unsubscribe links for one kind of subscription, with a key of its own derived
 * from the session secret (`purpose`), so a link can never pass for a cookie nor for another kind's
 * link. The results' follows (decision 069) use them too. */
export function signedLinks(purpose: string) {
  const linkKey = (secret: string) => createHmac("sha256", secret).update(purpose).digest();
  /** 128 bits of HMAC-SHA256, base64url. */
  const mac = (secret: string, text: string) => createHmac("sha256", linkKey(secret)).update(text).digest("base64url").slice(0, 22);
  return {
    confirmToken(secret: string, id: string, expiresAt: Date): string {
      const exp = Math.floor(expiresAt.getTime() / 1000).toString(36);
      return `${id}.${exp}.${mac(secret, `confirm:${id}:${exp}`)}`;
    },
    unsubscribeToken(secret: string, id: string): string {
      return `${id}.${mac(secret, `unsubscribe:${id}`)}`;
    },
    readConfirmToken(secret: string, token: string): { id: string; expiresAt: Date } | null {
      const [id = "", exp = "", sig = "", ...rest] = token.split(".");
      if (rest.length || !UUID.test(id) || !/^[0-9a-z]{1,10}$/.test(exp)) return null;
      if (!sameMac(sig, mac(secret, `confirm:${id}:${exp}`))) return null;
      return { id, expiresAt: new Date(parseInt(exp, 36) * 1000) };
    },
    readUnsubscribeToken(secret: string, token: string): string | null {
      const [id = "", sig = "", ...rest] = token.split(".");
      if (rest.length || !UUID.test(id) || !sameMac(sig, mac(secret, `unsubscribe:${id}`))) return null;
      return id;
    },
  };
}

const sameMac = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const links = signedLinks("newsletter-links");
export const { confirmToken, unsubscribeToken } = links;
const { readConfirmToken, readUnsubscribeToken } = links;

/** The links' pages are in the subscriber's language (/es/newsletter/confirmar/…). */
export const confirmUrl = (ctx: Pick<AppContext, "env" | "sessionSecret">, id: string, expiresAt: Date, locale: Locale = "ca") =>
  `${ctx.env.PUBLIC_URL}${localePaths(locale).newsletterConfirm(confirmToken(ctx.sessionSecret, id, expiresAt))}`;
export const unsubscribeUrl = (ctx: Pick<AppContext, "env" | "sessionSecret">, id: string, locale: Locale = "ca") =>
  `${ctx.env.PUBLIC_URL}${localePaths(locale).newsletterUnsubscribe(unsubscribeToken(ctx.sessionSecret, id))}`;

// ---- Subscribing -----------------------------------------------------------------------------

/** Erases the subscriptions nobody confirmed in time (at start, and before each new one). */
export async function purgeExpiredSubscriptions(db: Db): Promise<number> {
  const cutoff = new Date(Date.now() - CONFIRMATION_MS);
  const purged = await db
    .delete(subs)
    .where(and(eq(subs.status, "pending"), lt(sql`coalesce(${subs.confirmationSentAt}, ${subs.createdAt})`, cutoff)))
    .returning({ id: subs.id });
  if (purged.length) log("info", "unconfirmed newsletter subscriptions erased", { count: purged.length });
  return purged.length;
}

export interface StoredSubscription {
  id: string;
  status: "pending" | "confirmed";
  /** False when the address was already on the list. */
  created: boolean;
}

/** Stores a pending subscription, or finds the one the address already has (in any case), with
 * the language it was asked for in: a pending one asked for again takes the new request's.
 * Takes a transaction too, so a reflection and its author's consent are stored together. */
export async function storeSubscription(
  db: Db,
  email: string,
  source: NewsletterSource,
  locale: Locale = "ca",
): Promise<StoredSubscription> {
  const columns = { id: subs.id, status: subs.status };
  // The clock is the app's, like the purge's and the links' (tests move it).
  const [inserted] = await db
    .insert(subs)
    .values({ email, privacyAccepted: true, status: "pending", source, createdAt: new Date(), locale })
    .onConflictDoNothing()
    .returning(columns);
  if (inserted) return { ...inserted, created: true };
  const [existing] = await db
    .select(columns)
    .from(subs)
    .where(sql`lower(${subs.email}) = lower(${email})`);
  // Erased between the two statements (an unsubscribe, the purge): rare enough to be an error.
  if (!existing) throw new Error("newsletter subscription vanished while being stored");
  // The next confirmation e-mail speaks the language of the latest request.
  if (existing.status === "pending") await db.update(subs).set({ locale }).where(eq(subs.id, existing.id));
  return { ...existing, created: false };
}

/** What became of a confirmation e-mail: sent now, not sent because one went out less than
 * RESEND_INTERVAL_MS ago (or the subscription is no longer pending), or refused by the mail server. */
export type ConfirmationMail = "sent" | "recent" | "failed";

/** Sends the confirmation e-mail of a pending subscription, unless one went out less than
 * RESEND_INTERVAL_MS ago. Never throws: a refused message is logged, and the next request for
 * the address sends it again. */
export async function sendConfirmation(ctx: MailCtx, id: string): Promise<ConfirmationMail> {
  const now = new Date();
  // Claimed in one statement, so two requests at once send one message.
  const [claimed] = await ctx.db
    .update(subs)
    .set({ confirmationSentAt: now })
    .where(
      and(
        eq(subs.id, id),
        eq(subs.status, "pending"),
        or(isNull(subs.confirmationSentAt), lt(subs.confirmationSentAt, new Date(now.getTime() - RESEND_INTERVAL_MS))),
      ),
    )
    .returning({ email: subs.email, source: subs.source, locale: subs.locale });
  if (!claimed) return "recent";
  try {
    const unsubscribe = unsubscribeUrl(ctx, id, claimed.locale);
    await ctx.mailer.sendMail({
      to: claimed.email,
      unsubscribeUrl: unsubscribe,
      ...confirmationMessage({
        fromReflection: claimed.source === "reflection",
        days: CONFIRMATION_DAYS,
        confirm: confirmUrl(ctx, id, new Date(now.getTime() + CONFIRMATION_MS), claimed.locale),
        unsubscribe,
        locale: claimed.locale,
      }),
    });
    return "sent";
  } catch (err) {
    log("error", "newsletter confirmation e-mail failed", { subscription: id, ...errorFields(err) });
    await ctx.db
      .update(subs)
      .set({ confirmationSentAt: null })
      .where(and(eq(subs.id, id), eq(subs.confirmationSentAt, now)))
      .catch((e: unknown) => log("error", "newsletter confirmation not released", errorFields(e)));
    return "failed";
  }
}

/** Stores the subscription and sends its confirmation when due (`mail`: none for a confirmed
 * address). Throws only when storing fails. */
export async function subscribe(
  ctx: MailCtx,
  email: string,
  source: NewsletterSource,
  locale: Locale = "ca",
): Promise<StoredSubscription & { mail?: ConfirmationMail }> {
  await purgeExpiredSubscriptions(ctx.db);
  const stored = await storeSubscription(ctx.db, email, source, locale);
  if (stored.status === "pending") return { ...stored, mail: await sendConfirmation(ctx, stored.id) };
  return stored;
}

// ---- Following the links ---------------------------------------------------------------------

export type ConfirmOutcome = "confirmed" | "already" | "expired" | "gone" | "invalid";

/** What a confirmation link's page shows before its button is pressed: opening the link confirms
 * nothing (a mail gateway's link scanner opens every link; issue 29). "pending": it can be confirmed. */
export async function confirmationState(
  ctx: Pick<AppContext, "db" | "sessionSecret">,
  token: string,
): Promise<Exclude<ConfirmOutcome, "confirmed"> | "pending"> {
  const link = readConfirmToken(ctx.sessionSecret, token);
  if (!link) return "invalid";
  const [row] = await ctx.db.select({ status: subs.status }).from(subs).where(eq(subs.id, link.id));
  if (row?.status === "confirmed") return "already";
  if (link.expiresAt.getTime() < Date.now()) return "expired";
  return row ? "pending" : "gone";
}

/** Confirms the subscription a link names; following it again says it is confirmed. */
export async function confirmSubscription(ctx: Pick<AppContext, "db" | "sessionSecret">, token: string): Promise<ConfirmOutcome> {
  const link = readConfirmToken(ctx.sessionSecret, token);
  if (!link) return "invalid";
  const [row] = await ctx.db.select({ status: subs.status }).from(subs).where(eq(subs.id, link.id));
  if (row?.status === "confirmed") return "already";
  if (link.expiresAt.getTime() < Date.now()) return "expired";
  if (!row) return "gone";
  const [updated] = await ctx.db
    .update(subs)
    .set({ status: "confirmed", confirmedAt: new Date() })
    .where(and(eq(subs.id, link.id), eq(subs.status, "pending")))
    .returning({ id: subs.id });
  return updated ? "confirmed" : "already";
}

export type UnsubscribeState = "subscribed" | "gone" | "invalid";

/** What an unsubscribe link's page shows before the button is pressed. */
export async function unsubscribeState(ctx: Pick<AppContext, "db" | "sessionSecret">, token: string): Promise<UnsubscribeState> {
  const id = readUnsubscribeToken(ctx.sessionSecret, token);
  if (!id) return "invalid";
  const [row] = await ctx.db.select({ id: subs.id }).from(subs).where(eq(subs.id, id));
  return row ? "subscribed" : "gone";
}

/** Erases the subscription (the row and its address): nothing of it needs keeping. Idempotent. */
export async function unsubscribe(ctx: Pick<AppContext, "db" | "sessionSecret">, token: string): Promise<"gone" | "invalid"> {
  const id = readUnsubscribeToken(ctx.sessionSecret, token);
  if (!id) return "invalid";
  const erased = await ctx.db.delete(subs).where(eq(subs.id, id)).returning({ id: subs.id });
  if (erased.length) log("info", "newsletter subscription erased on unsubscribe", { subscription: id });
  return "gone";
}
