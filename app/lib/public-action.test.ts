import { describe, expect, it } from "vitest";
import { keepFormOnFailure } from "./public-action";
import { UNREACHABLE, type WriteResult } from "./participation-texts";
import { sayIn } from "~/test/i18n";

// The browser's side of a public form's action (decision 048); the real failures (a dropped
// connection, a 503 page) are in participation.spec.ts and recorder.spec.ts.
describe("keepFormOnFailure", () => {
  const clientAction = keepFormOnFailure(UNREACHABLE.reflection);
  const run = (serverAction: () => Promise<unknown>) => clientAction({ serverAction: serverAction as never });

  it("passes the server's answer through, failures included", async () => {
    const answer: WriteResult = { ok: false, errors: { reflection: "La reflexió és obligatòria" } };
    expect(await run(async () => answer)).toBe(answer);
  });

  it("turns a send that never arrives, or an answer that is not the action's, into the form's failure with status 503", async () => {
    for (const failure of [new TypeError("Failed to fetch"), new Error("Unable to decode turbo-stream response")]) {
      const result = (await run(async () => {
        throw failure;
      })) as unknown as { data: WriteResult; init: ResponseInit };
      expect(result.init.status).toBe(503);
      expect(result.data).toEqual({ ok: false, errors: {}, message: UNREACHABLE.reflection });
    }
    expect(sayIn("ca", UNREACHABLE.reflection.title).startsWith("Error en enviar la reflexió: ")).toBe(true);
  });
});
