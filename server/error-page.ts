import type { IncomingMessage, ServerResponse } from "node:http";

// The pages the server itself sends when React cannot (it is stopping, or a fault of ours before a
// page could be rendered): short, self-contained, in Catalan, like every page of the site
// (issue 27, item 3). Their words are the error page's (app/components/error-content.tsx).

const PAGES = {
  500: { title: "Hi ha hagut un error inesperat", text: "Torna-ho a provar d'aquí a una estona." },
  503: { title: "El web no està disponible en aquest moment", text: "Estem actualitzant el web. Torna-ho a provar d'aquí a un moment." },
} as const;

/** A whole Catalan page for a 500 or a 503 (no scripts, no outside resources). */
export function errorPage(status: keyof typeof PAGES): string {
  const { title, text } = PAGES[status];
  return `<!doctype html>
<html lang="ca">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | Al Penedès, la bici ens mou!</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#fdf2f7;color:#1f1f1f;display:grid;place-items:center;min-height:100vh;text-align:center;padding:1.5rem;box-sizing:border-box}h1{color:#7a0c3f;font-size:1.75rem;margin:0 0 1rem}a{color:#7a0c3f;font-weight:600}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>
<p><a href="/">Torna a l'inici</a></p>
</main>
</body>
</html>
`;
}

/** Whether a request wants a page (a browser's document request) rather than data or a file. */
export const wantsPage = (req: IncomingMessage) => /\btext\/html\b/.test(req.headers.accept ?? "");

/** A Catalan answer for `status`: the page for a browser, a line of text for anything else. */
export function sendErrorAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  status: keyof typeof PAGES,
  headers: Record<string, string> = {},
) {
  const page = wantsPage(req);
  const body = page ? errorPage(status) : `${PAGES[status].title}. ${PAGES[status].text}`;
  res.writeHead(status, {
    "Content-Type": page ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Content-Language": "ca",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
