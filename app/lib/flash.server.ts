import { createCookie } from "react-router";

// A one-time notice carried across a redirect (sign-in, sign-out): set by the action,
// read and cleared by the next page's loader.
export type Flash = "welcome" | "signed-out";

const flashCookie = createCookie("pb_flash", { httpOnly: true, sameSite: "lax", path: "/admin", maxAge: 60 });

export const setFlash = (value: Flash) => flashCookie.serialize(value);

export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (value !== "welcome" && value !== "signed-out") return { flash: null, clear: null };
  return { flash: value, clear: await flashCookie.serialize("", { maxAge: 0, expires: new Date(0) }) };
}
