import { eq } from "drizzle-orm";
import type { Route } from "./+types/agenda-ics";
import { activities } from "~/db/schema";
import { idSchema } from "~/lib/admin-schemas";
import { activityIcs } from "~/infra/ics.server";
import { translator } from "~/i18n/catalogues.server";
import { isLocale } from "~/i18n/locales";
import { localePaths } from "~/lib/routes";
import { localized } from "~/lib/translations";

/** GET /agenda/<id>.ics: one activity of the agenda as a calendar file to download. The agenda of a
 * page in Spanish or English links /agenda/<id>.es.ics or .en.ics (in the path, so that the page
 * cache keeps each apart): the event then links back to that page's agenda, and the file's name and
 * the "not found" answer are in that language. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const [, file = "", lang] = /^(.*?)(?:\.(es|en))?\.ics$/.exec(params.file) ?? [];
  const locale = isLocale(lang) ? lang : "ca";
  const t = translator(locale);
  const id = idSchema.safeParse(file);
  if (!params.file.endsWith(".ics") || !id.success) throw new Response(t("errors.agenda.notFound"), { status: 404 });
  const [activity] = await context.db.select().from(activities).where(eq(activities.id, id.data));
  if (!activity) throw new Response(t("errors.agenda.notFound"), { status: 404 });
  // Its texts in the file's language where staff wrote them (decision 062), the Catalan otherwise.
  const say = (catalan: string, field: string) => localized(catalan, activity.translations, field, locale).text;
  const inLanguage = {
    ...activity,
    title: say(activity.title, "title"),
    place: activity.place && say(activity.place, "place"),
    description: activity.description && say(activity.description, "description"),
  };
  const body = activityIcs(inLanguage, { pageUrl: `${context.env.PUBLIC_URL}${localePaths(locale).agenda}`, now: new Date() });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${t("public.agenda.fileName")}-${activity.date}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
