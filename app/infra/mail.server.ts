import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { dataPaths } from "~/infra/data-paths.server";
import type { Env } from "~/infra/env.server";
import { log } from "~/infra/log.server";
import { SITE_NAME } from "~/lib/seo";

// Every e-mail the site sends goes through one transport, chosen once at start (decision 023):
// SMTP when SMTP_URL is set; otherwise a file per message in DATA_DIR/outbox/, so that a new
// install sends nothing anywhere and a newcomer can open what would have been sent.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The person's own one-click unsubscribe address: in the body, and in the List-Unsubscribe
   * headers. None for a message that is no list's (a staff invitation). */
  unsubscribeUrl?: string;
  /** The same on every attempt of one newsletter delivery, so a resent message is known as the same one. */
  messageId?: string;
  /** One of a mass sending (a newsletter issue): it goes through SMTP connections of its own, so
   * that a person waiting for their own message (a sign-up's confirmation, a sign-in code, an
   * invitation) never queues behind thousands of them (the campaign-day rehearsal, decision 058). */
  bulk?: true;
}

export interface Mailer {
  /** Where messages go, for the log: "smtp://host:port" (no credentials) or the outbox folder. */
  readonly destination: string;
  /** Sends one message; throws when the transport refuses it. */
  sendMail(message: MailMessage): Promise<void>;
  close(): void;
}

/** Generous for a submission server on the same network, short enough that a form does not hang. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">,
  /** Tests shorten them, to see a silent server time out. */
  timeouts: Partial<typeof SMTP_TIMEOUTS> = {},
): Mailer {
  const from = env.MAIL_FROM ?? `"${SITE_NAME}" <no-reply@localhost>`;
  const headers = (message: MailMessage) => ({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.messageId && { messageId: message.messageId }),
    // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that posts to this address.
    headers: message.unsubscribeUrl
      ? { "List-Unsubscribe": `<${message.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : {},
  });

  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    // Pooled: one connection (greeting, STARTTLS, AUTH) serves many messages instead of one each.
    // Two pools: the people waiting for a message of their own, and the mass sendings.
    const pool = () =>
      nodemailer.createTransport({
        url: env.SMTP_URL,
        pool: true,
        maxConnections: 2,
        // The pool must not send a message again by itself when a connection drops mid-message: the
        // server may have accepted it. Whoever calls decides (the newsletter queue, decision 030).
        maxRequeues: 0,
        ...SMTP_TIMEOUTS,
        ...timeouts,
      });
    const personal = pool();
    const bulk = pool();
    return {
      destination: `${url.protocol}//${url.host}`,
      async sendMail(message) {
        await (message.bulk ? bulk : personal).sendMail(headers(message));
      },
      close: () => {
        personal.close();
        bulk.close();
      },
    };
  }

  const outbox = dataPaths(env.DATA_DIR).outbox;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    destination: outbox,
    async sendMail(message) {
      const info = await transport.sendMail(headers(message));
      await fs.promises.mkdir(outbox, { recursive: true });
      // Named by the time it was written, so a listing sorts by time; written whole, then renamed,
      // so that whoever watches the folder never reads half a message.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(outbox, name);
      await fs.promises.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.promises.rename(`${file}.tmp`, file);
      log("info", "mail written to the outbox (no SMTP_URL)", { file });
    },
    close: () => transport.close(),
  };
}
