import { describe, expect, it } from "vitest";
import { normalisedPath, targetPath } from "~/domain/request-path";

// The one reading of a path that the roles, the sign-in gate and the router share (decision 052).

describe("normalisedPath", () => {
  it("decodes a path once, as the router does, so an encoded letter or dot is the same path", () => {
    expect(normalisedPath("/admin/export/audit%2Ecsv")).toBe("/admin/export/audit.csv");
    expect(normalisedPath("/admin/export/%61udit.csv")).toBe("/admin/export/audit.csv");
    expect(normalisedPath("/admin/%6Cogin")).toBe("/admin/login");
    expect(normalisedPath("/participa/reflexi%C3%B3")).toBe("/participa/reflexió");
    expect(normalisedPath("/aportacions")).toBe("/aportacions");
    // A literal percent sign, sent as %25, is one character after one decode.
    expect(normalisedPath("/cent%25")).toBe("/cent%");
  });

  it("refuses what cannot be read one way only: encoded slashes, paths encoded twice, malformed escapes, control characters", () => {
    for (const path of [
      "/admin%2Fcomptes",
      "/admin%2fexport/audit.csv",
      "/admin%5Ccomptes",
      "/admin/export/audit%252Ecsv",
      "/admin/export/%2561udit.csv",
      "/%252e%252e/package.json",
      "/admin/%E0%A4",
      "/admin/%",
      "/admin/%zz",
      "/admin/login%00",
      "/admin/login%0D%0A",
    ])
      expect(normalisedPath(path), path).toBeNull();
  });
});

describe("targetPath", () => {
  it("reads a raw request target as the server's URL does: query and fragment left out, dots and backslashes resolved", () => {
    expect(targetPath("/admin/%6Cogin?redirectTo=/admin")).toBe("/admin/login");
    expect(targetPath("/admin/x/../login")).toBe("/admin/login");
    expect(targetPath("/admin/x/%2e%2e/login")).toBe("/admin/login");
    expect(targetPath("/admin\\login")).toBe("/admin/login");
    // Two slashes stay a path (not another host), as the router reads it.
    expect(targetPath("//admin/login")).toBe("//admin/login");
    expect(targetPath("*")).toBeNull();
    expect(targetPath("http://evil.example/admin/login")).toBeNull();
    expect(targetPath("/admin%2Flogin")).toBeNull();
  });
});
