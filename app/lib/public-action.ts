import { data } from "react-router";
import type { FormMessage, WriteResult } from "./participation-texts";

/**
 * The browser's side of a public form's action (issue 27): the form's send goes to the server's
 * action as before; when it never gets there (a dropped connection) or the site cannot answer it
 * (a deploy's 503, a proxy's error page), the form gets a failure it shows in place instead of the
 * route's error screen, and keeps everything typed and recorded for a retry. The 503 status also
 * keeps React Router from reloading the page's data after it (nothing changed).
 *
 * Every page a public form posts to exports one: `export const clientAction = keepFormOnFailure(UNREACHABLE.x)`.
 */
export function keepFormOnFailure(message: FormMessage) {
  return async ({ serverAction }: { serverAction: <T = unknown>() => Promise<T> }) => {
    try {
      return await serverAction<WriteResult>();
    } catch {
      return data<WriteResult>({ ok: false, errors: {}, message: { ...message } }, { status: 503 });
    }
  };
}
