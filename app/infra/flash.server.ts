import { createCookie } from "react-router";
import type { AppContext } from "~/infra/app-context.server";

// A one-time notice carried across a redirect (sign-in, sign-out): set by the action,
// read and cleared by the next page's loader.
export type Flash = "welcome" | "signed-out";

const flashCookie = createCookie("pb_flash", { httpOnly: true, sameSite: "lax", path: "/admin", maxAge: 60 });

// Secure on an https site, like the session cookie (a browser keeps a non-Secure cookie from
// overwriting a Secure one, so the clearing cookie must match).
const secure = (context: Pick<AppContext, "env">) => ({ secure: context.env.PUBLIC_URL.startsWith("https://") });

export const setFlash = (context: Pick<AppContext, "env">, value: Flash) => flashCookie.serialize(value, secure(context));

export async function readFlash(
  request: Request,
  context: Pick<AppContext, "env">,
): Promise<{ flash: Flash | null; clear: string | null }> {
  const value: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (value !== "welcome" && value !== "signed-out") return { flash: null, clear: null };
  return { flash: value, clear: await flashCookie.serialize("", { maxAge: 0, expires: new Date(0), ...secure(context) }) };
}
