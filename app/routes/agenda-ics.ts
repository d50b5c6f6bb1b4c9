import { eq } from "drizzle-orm";
import type { Route } from "./+types/agenda-ics";
import { activities } from "~/db/schema";
import { idSchema } from "~/lib/admin-schemas";
import { activityIcs } from "~/infra/ics.server";

/** GET /agenda/<id>.ics: one activity of the agenda as a calendar file to download. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idSchema.safeParse(params.file.replace(/\.ics$/, ""));
  if (!params.file.endsWith(".ics") || !id.success) throw new Response("No trobat", { status: 404 });
  const [activity] = await context.db.select().from(activities).where(eq(activities.id, id.data));
  if (!activity) throw new Response("No trobat", { status: 404 });
  const body = activityIcs(activity, { pageUrl: `${context.env.PUBLIC_URL}/#agenda`, now: new Date() });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="activitat-${activity.date}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
