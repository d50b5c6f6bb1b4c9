import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { adminTestBed } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as activities from "./activities.server";

describe.each(testBackends())("activities on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;

  it("activities: create with defaults, edit, validation, delete", async () => {
    const bad = await post(activities.action, { intent: "create", title: " ", date: "", emoji: "🚲" });
    expect(bad.ok).toBe(false);
    expect(bad.error).toBe("Error guardant l'activitat");
    expect(bad.fieldErrors).toMatchObject({ title: "El títol és obligatori", date: "La data és obligatòria" });
    const badUrl = await post(activities.action, {
      intent: "create",
      title: "A",
      date: "2026-05-01",
      emoji: "🚲",
      linkUrl: "javascript:alert(1)",
    });
    expect(badUrl.fieldErrors?.linkUrl).toMatch(/URL vàlida/);
    expect(await bed.ctx.db.$count(t.activities)).toBe(0);

    const created = await post(activities.action, {
      intent: "create",
      title: "Bicicletada",
      date: "2026-05-01",
      emoji: "🎉",
      linkUrl: "https://ex.cat",
    });
    expect(created).toMatchObject({ ok: true, message: "Activitat creada correctament" });
    const [row] = await bed.ctx.db.select().from(t.activities);
    expect(row).toMatchObject({ title: "Bicicletada", linkText: "Inscriu-te", description: null, emoji: "🎉" });

    const edited = await post(activities.action, {
      intent: "update",
      id: row!.id,
      title: "Bicicletada popular",
      date: "2026-05-02",
      emoji: "🚲",
      linkText: "Apunta't",
    });
    expect(edited.message).toBe("Activitat actualitzada correctament");
    expect(await bed.ctx.db.query.activities.findFirst()).toMatchObject({
      title: "Bicicletada popular",
      date: "2026-05-02",
      linkText: "Apunta't",
      linkUrl: null,
    });

    expect((await post(activities.action, { intent: "delete", id: row!.id })).message).toBe("Activitat eliminada correctament");
    expect(await bed.ctx.db.$count(t.activities)).toBe(0);
  });

  it("a start time and a place are optional, checked, and stored", async () => {
    const base = { intent: "create", title: "Taller", date: "2026-05-01", emoji: "🚲" };
    for (const [startTime, message] of [
      ["25:00", "L'hora ha de ser una hora del dia, com ara 18:30"],
      ["18h", "L'hora ha de ser una hora del dia, com ara 18:30"],
      ["7:30", "L'hora ha de ser una hora del dia, com ara 18:30"],
    ] as const) {
      const bad = await post(activities.action, { ...base, startTime });
      expect(bad).toMatchObject({ ok: false, error: "Error guardant l'activitat" });
      expect(bad.fieldErrors?.startTime).toBe(message);
    }
    const longPlace = await post(activities.action, { ...base, place: "x".repeat(201) });
    expect(longPlace.fieldErrors?.place).toBe("El lloc pot tenir com a màxim 200 caràcters");
    expect(await bed.ctx.db.$count(t.activities)).toBe(0);

    // Empty fields are 'not known': null, not an empty string or midnight.
    expect((await post(activities.action, { ...base, startTime: " ", place: "  " })).ok).toBe(true);
    const [plain] = await bed.ctx.db.select().from(t.activities);
    expect(plain).toMatchObject({ startTime: null, place: null });

    // The browser sends 18:30; a form re-sent with the stored value sends 18:30:00.
    const timed = await post(activities.action, {
      ...base,
      intent: "update",
      id: plain!.id,
      startTime: "18:30:00",
      place: " Plaça de la Vila, Vilafranca del Penedès ",
    });
    expect(timed.message).toBe("Activitat actualitzada correctament");
    expect(await bed.ctx.db.query.activities.findFirst()).toMatchObject({
      startTime: "18:30:00",
      place: "Plaça de la Vila, Vilafranca del Penedès",
    });
  });

  it("a body that is not a form answers 400 and stores nothing (was a 500)", async () => {
    const before = await bed.ctx.db.$count(t.activities);
    await bed.expectNonFormRefused(activities.action);
    expect(await bed.ctx.db.$count(t.activities)).toBe(before);
  });
});
