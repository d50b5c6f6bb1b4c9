import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "react-router";
import { RETRY_AFTER_SECONDS } from "~/db/unavailable.server";
import { deferHydration } from "~/infra/html-stream.server";
import { errorFields, log, logRepeated } from "~/infra/log.server";
import { NonceProvider } from "~/lib/nonce";

export const streamTimeout = 5_000;

/** A 503 of the site (the database away: server/react-router.ts): never kept by a cache, and the
 * browser told when to try again (decision 060). */
function unavailableHeaders(status: number, headers: Headers) {
  if (status !== 503) return;
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  unavailableHeaders(responseStatusCode, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A page rendered for the page cache has none: its policy allows its inline scripts by hash.
  const nonce = loadContext.cspNonce || undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = deferHydration(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** A form's or a page's data request (single fetch) answered 503 says when to try again too. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  unavailableHeaders(response.status, response.headers);
  return response;
};

/** An error thrown while loading or acting, as one JSON log line (React Router's default prints a
 * multi-line stack). Answers to bad requests are not errors of ours and are not logged: a POST to a
 * page without a form (405) wrote some thirty lines of stack each, so bad traffic flooded the log. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router's own CSRF check (the Origin is not the request's): a bad request, not a fault of
  // ours. server/guards.ts refuses these first; one that still gets here is a warning, no stack.
  if (error instanceof Error && /`origin` header/.test(error.message)) {
    logRepeated("cross-origin-action", "warn", "cross-origin action refused", { path: new URL(request.url).pathname.slice(0, 200) });
    return;
  }
  log("error", "request failed", { method: request.method, path: new URL(request.url).pathname, ...errorFields(error) });
};
