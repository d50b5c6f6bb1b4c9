import { afterEach, expect, test } from "vitest";
import { createMailer, type Mailer } from "~/infra/mail.server";
import { startSmtpServer, type TestSmtpServer } from "~/test/smtp";

let smtp: TestSmtpServer | undefined;
let mailer: Mailer | undefined;
afterEach(async () => {
  mailer?.close();
  await smtp?.close();
});

const message = (to: string, subject: string) => ({ to, subject, text: subject, html: `<p>${subject}</p>` });

// The campaign-day rehearsal (decision 058): while a newsletter went out, sign-ups waited 15 s and
// more for their confirmation, queued behind the issue's messages on the same two connections.
test("a person's own message is not queued behind a newsletter's messages on a busy server", async () => {
  smtp = await startSmtpServer();
  mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: "bici@example.cat", DATA_DIR: "/nowhere" });
  smtp.stall = /^Butlletí/;
  const issue = Array.from({ length: 6 }, (_, i) =>
    mailer!.sendMail({ ...message(`veí${i}@example.cat`, "Butlletí de novembre"), bulk: true }),
  );
  // Every connection a newsletter may use is busy with a message the server has not answered yet.
  await expect.poll(() => smtp!.stalled(), { timeout: 5000 }).toBe(2);

  const started = Date.now();
  await mailer.sendMail(message("nova@example.cat", "Confirma la teva subscripció"));
  expect(Date.now() - started).toBeLessThan(2000);
  expect(smtp.received.map((m) => m.parsed.subject)).toEqual(["Confirma la teva subscripció"]);
  expect(smtp.stalled()).toBe(2);

  smtp.stall = null;
  smtp.release();
  await Promise.all(issue);
  expect(smtp.received.filter((m) => m.parsed.subject === "Butlletí de novembre")).toHaveLength(6);
});
