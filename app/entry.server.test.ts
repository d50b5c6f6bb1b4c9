import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

const args = (method = "POST") =>
  ({ request: new Request("http://127.0.0.1/admin/dashboard", { method }), params: {}, context: {} }) as unknown as Parameters<
    typeof handleError
  >[1];

/** What React Router throws for a POST to a page without an action. */
const methodNotAllowed = {
  status: 405,
  statusText: "Method Not Allowed",
  internal: true,
  data: "Error: no action",
  error: new Error("no action"),
};

afterEach(() => vi.restoreAllMocks());

describe("handleError", () => {
  it("does not log answers to bad requests (405, 404), so bad traffic cannot flood the log", () => {
    const stderr = vi.spyOn(process.stderr, "write").mockReturnValue(true);
    const console_ = vi.spyOn(console, "error").mockReturnValue();
    handleError(methodNotAllowed, args());
    handleError({ ...methodNotAllowed, status: 404, statusText: "Not Found" }, args("GET"));
    expect(stderr).not.toHaveBeenCalled();
    expect(console_).not.toHaveBeenCalled();
  });

  it("logs a real error as one JSON line with the method and path", () => {
    const stderr = vi.spyOn(process.stderr, "write").mockReturnValue(true);
    handleError(new Error("la base de dades no respon"), args());
    expect(stderr).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(stderr.mock.calls[0]![0])) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "error",
      msg: "request failed",
      method: "POST",
      path: "/admin/dashboard",
      err: "la base de dades no respon",
    });
  });
});
