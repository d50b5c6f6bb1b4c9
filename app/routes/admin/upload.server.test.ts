import { describe, expect, it } from "vitest";
import { adminTestBed } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import * as upload from "./upload.server";

describe.each(testBackends())("upload on %s", (backend) => {
  const bed = adminTestBed(backend);

  it("the upload endpoint knows only its own kinds: an inherited name is not found (toString was a 500)", async () => {
    for (const kind of ["toString", "constructor", "__proto__", "hasOwnProperty", "altres"]) {
      const res = (await upload.action(
        routeArgs(bed.ctx, `/admin/puja/${kind}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "create" }),
          headers: { Cookie: bed.cookie },
          params: { kind },
        }) as unknown as Parameters<typeof upload.action>[0],
      )) as Response;
      expect(res.status, kind).toBe(404);
      expect(await res.json()).toEqual({ ok: false, error: "No trobat" });
    }
  });
});
