import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { mapComments, newsletterSubscriptions as subs, reflections } from "~/db/schema";
import { retentionState, type RetentionState } from "~/domain/retention";
import { contentChanged } from "~/infra/content-changes.server";
import { errorFields, log } from "~/infra/log.server";
import { recordAudit } from "~/models/audit.server";
import { readConsultation } from "~/models/moderation.server";
import { CONFIRMATION_MS } from "~/models/newsletter.server";
import { readRetentionSettings } from "~/models/settings.server";

// The retention job (issue 34, decision 071). Once the consultation's last day is `months` behind
// (the setting), it erases the names and e-mails left with reflections and map comments, except
// where a consent of the author's still needs them:
//   - the newsletter: a reflection that ticked it, whose address is a confirmed subscriber (an
//     unsubscribed address is deleted from the list, so nothing needs it any more);
//   - hearing back about the answer (decision 068): answer_consent, while its e-mail has not been
//     sent (no answer yet, or one queued, retrying or failed);
//   - following a result: not offered by the site (nothing to keep for it).
// The contributions' texts, places and answers stay. Newsletter sign-ups nobody confirmed within
// the confirmation link's life are deleted too, whatever the calendar says.
//
// It works in batches, each one transaction that erases up to `batchSize` rows of each kind and
// writes its audit entry with the counts: a crash loses at most the batch in hand, and the next run
// finishes. The rows of a batch are taken with FOR UPDATE SKIP LOCKED, so instances running it at
// once share the work and never count a row twice; a row already erased no longer matches, so a
// second run changes nothing and records nothing.

export const RETENTION_BATCH = 200;
/** How often every instance looks (the rule is by the day: an hour is early enough). */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The authors' consents that still need the address (see above). */
const answerStillNeeded = (type: "reflection" | "map_comment", row: ReturnType<typeof sql.raw>) =>
  sql`(${row}.answer_consent and not exists (select 1 from contribution_answers a join answer_notifications n on n.answer_id = a.id
      where a.contribution_type = ${type} and a.contribution_id = ${row}.id and n.status = 'sent'))`;
const newsletterStillNeeded = (row: ReturnType<typeof sql.raw>) =>
  sql`(${row}.privacy_accepted and exists (select 1 from ${subs} s where lower(s.email) = lower(${row}.email) and s.status = 'confirmed'))`;

const r = sql.raw("r");
const m = sql.raw("m");

async function eraseReflections(tx: Db, limit: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`update ${reflections} set name = null, email = null, answer_consent = false
      where id in (select r.id from ${reflections} r
        where (r.name is not null or r.email is not null)
          and not (r.email is not null and (${newsletterStillNeeded(r)} or ${answerStillNeeded("reflection", r)}))
        order by r.created_at, r.id limit ${limit} for update skip locked)
      returning id`),
  );
  return rows.length;
}

async function eraseMapComments(tx: Db, limit: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`update ${mapComments} set email = null, answer_consent = false
      where id in (select m.id from ${mapComments} m
        where m.email is not null and not ${answerStillNeeded("map_comment", m)}
        order by m.created_at, m.id limit ${limit} for update skip locked)
      returning id`),
  );
  return rows.length;
}

async function expireSignUps(tx: Db, limit: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CONFIRMATION_MS);
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`delete from ${subs}
      where id in (select s.id from ${subs} s
        where s.status = 'pending' and coalesce(s.confirmation_sent_at, s.created_at) < ${cutoff.toISOString()}
        order by s.created_at, s.id limit ${limit} for update skip locked)
      returning id`),
  );
  return rows.length;
}

export interface RetentionOutcome {
  state: RetentionState;
  /** Batches that erased something (one audit entry each). */
  batches: number;
  reflections: number;
  mapComments: number;
  signUps: number;
}

export interface RetentionOptions {
  now?: Date;
  batchSize?: number;
  /** Called after each committed batch (tests stop the run there, as a crash would). */
  afterBatch?: (counts: { reflections: number; mapComments: number; signUps: number }) => void | Promise<void>;
}

/** Runs the retention rule once, batch after batch, until nothing is left to erase. */
export async function runRetention(db: Db, options: RetentionOptions = {}): Promise<RetentionOutcome> {
  const now = options.now ?? new Date();
  const limit = options.batchSize ?? RETENTION_BATCH;
  const [consultation, settings] = await Promise.all([readConsultation(db), readRetentionSettings(db)]);
  const state = retentionState(consultation, settings, now);
  const outcome: RetentionOutcome = { state, batches: 0, reflections: 0, mapComments: 0, signUps: 0 };
  for (;;) {
    const counts = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const c = {
        reflections: state.due ? await eraseReflections(t, limit) : 0,
        mapComments: state.due ? await eraseMapComments(t, limit) : 0,
        signUps: await expireSignUps(t, limit, now),
      };
      if (c.reflections + c.mapComments + c.signUps > 0)
        await recordAudit(
          t,
          { context: { clientIp: undefined } },
          { id: null, email: null },
          {
            entity: "personal_data",
            action: "retention",
            after: {
              reflections: c.reflections,
              mapComments: c.mapComments,
              unconfirmedSignUps: c.signUps,
              retentionMonths: settings.months,
              consultationLastDay: state.lastDay,
            },
          },
        );
      return c;
    });
    if (counts.reflections + counts.mapComments + counts.signUps === 0) break;
    outcome.batches++;
    outcome.reflections += counts.reflections;
    outcome.mapComments += counts.mapComments;
    outcome.signUps += counts.signUps;
    await options.afterBatch?.(counts);
  }
  // The public lists may show a name: their cached pages follow.
  if (outcome.reflections) contentChanged(reflections);
  if (outcome.mapComments) contentChanged(mapComments);
  if (outcome.batches) log("info", "retention: personal data erased", { ...outcome, state: undefined });
  return outcome;
}

/** Runs the rule in the background in this process: soon after start, then every `intervalMs`.
 * Every instance runs one; they share the work (see above). */
export function startRetentionWorker(db: Db, options: { intervalMs?: number; firstMs?: number } = {}) {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wakeUp: (() => void) | null = null;
  const running = (async () => {
    let wait = options.firstMs ?? 30_000;
    while (!stopped) {
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, wait);
      });
      wait = options.intervalMs ?? RETENTION_INTERVAL_MS;
      if (stopped) break;
      try {
        await runRetention(db);
      } catch (err) {
        log("error", "retention job", errorFields(err));
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wakeUp?.();
      await running;
    },
  };
}
