import { data } from "react-router";
import type { Route } from "./+types/report";
import { Notice, FormPage, useSay } from "~/components/participation/shared";
import { useReportTexts } from "~/components/site/report-dialog";
import { ReportForm } from "~/components/site/report-form";
import { contributionTypes, type ContributionType } from "~/domain/contributions";
import { publicRead } from "~/models/content.server";
import { excerpt } from "~/lib/contributions";
import { publicContributionText } from "~/models/moderation.server";
import { REPORT_TEXTS, UNREACHABLE } from "~/lib/participation-texts";
import { createReport, respond } from "~/models/participation.server";
import { keepFormOnFailure } from "~/lib/public-action";

// The report form posts here; without JavaScript this page is the report dialog. It shows the
// contribution only while it is public: a hidden or pending one's text never reaches it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const type = params.get("tipus");
  const id = params.get("id") ?? "";
  if (!(contributionTypes as readonly string[]).includes(type ?? "") || !UUID.test(id)) return data({ item: null }, { status: 404 });
  const text = await publicRead("reported contribution", () => publicContributionText(context.db, type as ContributionType, id), undefined);
  if (text === undefined) return data({ item: null }, { status: 404 });
  return { item: { type: type as ContributionType, id, text: excerpt(text) } };
}

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await createReport(request, context));
}

// In the browser: a send that fails to arrive keeps the form and shows its failure in place.
export const clientAction = keepFormOnFailure(UNREACHABLE.report);

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item } = loaderData;
  const say = useSay();
  const done = actionData?.ok ? say.message(actionData.message) : null;
  return (
    <FormPage {...useReportTexts()}>
      {done ? (
        <div role="status" className="rounded-md border border-leaf/60 bg-leaf/10 p-3">
          <p className="font-bold">{done.title}</p>
          {done.description && <p>{done.description}</p>}
        </div>
      ) : item ? (
        <>
          <blockquote className="rounded-md border-l-4 border-brand bg-brand-soft/50 p-4 break-words whitespace-pre-line">
            {item.text}
          </blockquote>
          <ReportForm type={item.type} id={item.id} result={actionData} />
        </>
      ) : (
        <Notice message={REPORT_TEXTS.gone} />
      )}
    </FormPage>
  );
}
