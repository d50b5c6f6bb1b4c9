import type { AppContext } from "~/infra/app-context.server";
import { PUBLIC_PAGES } from "~/lib/routes";
import routes from "~/routes";
import * as publicLayout from "~/routes/public-layout";
import { routeArgs } from "./context";

// The public side as a whole, for the tests that prove something never reaches it (a hidden
// contribution, a draft answer).

/** Every public page's loader (and the layout's), run and resolved, and every public file outside
 * the pages (the open data, the catalogue, the sitemap: the route table's other routes without a
 * parameter), read, as one string: what any HTML page, `.data` response or public file can hold. */
export async function everyPublicLoader(ctx: AppContext, ids: string[] = []): Promise<string> {
  const out: unknown[] = [await publicLayout.loader(routeArgs(ctx, "/") as never)];
  for (const page of PUBLIC_PAGES) {
    const mod = (await import(/* @vite-ignore */ `../${page.file}`)) as { loader?: (a: unknown) => unknown };
    if (!mod.loader) continue;
    // A page of one row (a result of the plan) is read for each of `ids` (issue 35).
    for (const id of page.path.includes(":id") ? ids : [""])
      for (const query of ["", "?tipus=reflection", "?tipus=map_comment", "?tipus=testimonial", "?ambit=laboral"]) {
        const url = page.path.replace(":slug", "prova").replace(":token", "x".repeat(43)).replace(":id", id);
        try {
          const data = (await mod.loader(routeArgs(ctx, url + query, { params: { slug: "prova", token: "x".repeat(43), id } }))) as object;
          const resolved = data && typeof data === "object" && "data" in data ? (data as { data: unknown }).data : data;
          const entries = await Promise.all(
            Object.entries((resolved as Record<string, unknown>) ?? {}).map(async ([k, v]) => [k, await v]),
          );
          out.push(Object.fromEntries(entries));
        } catch (thrown) {
          out.push(thrown instanceof Response ? thrown.status : String(thrown));
        }
      }
  }
  for (const entry of routes)
    if (entry.path && !entry.path.startsWith("admin") && !entry.path.includes(":") && !entry.path.includes("*")) {
      const mod = (await import(/* @vite-ignore */ `../${entry.file}`)) as { loader?: (a: unknown) => unknown };
      const response = await mod.loader?.(routeArgs(ctx, `/${entry.path}`));
      out.push(response instanceof Response ? await response.text() : response);
    }
  return JSON.stringify(out);
}
