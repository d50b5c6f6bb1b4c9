import { FlagIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { FormDialog, useSay } from "~/components/participation/shared";
import { Skeleton } from "~/components/ui/skeleton";
import type { ContributionType } from "~/domain/contributions";
import { useLocale } from "~/i18n/react";
import { REPORT_TEXTS } from "~/lib/participation-texts";
import { localePaths, reportHref } from "~/lib/routes";

// Visitors report a contribution (decision 028): a short list of reasons, no account. The report
// control on each card and dialog is a link to the report page without JavaScript, a dialog with it.

/** The form, fetched when a report dialog first opens (report-form.tsx). */
const ReportForm = lazy(() => import("./report-form").then((m) => ({ default: m.ReportForm })));

/** The report dialog's and page's heading and text, in the page's language. */
export function useReportTexts() {
  const say = useSay();
  return { title: say(REPORT_TEXTS.title), description: say(REPORT_TEXTS.description) };
}

/** 'Denuncia': a small control under a contribution. */
export function ReportDialog({ type, id }: { type: ContributionType; id: string }) {
  const say = useSay();
  return (
    <FormDialog
      href={reportHref(localePaths(useLocale()), type, id)}
      icon={<FlagIcon aria-hidden="true" />}
      label={say("forms.report.open")}
      variant="ghost"
      size="sm"
      className="w-fit text-ink/80"
      {...useReportTexts()}
    >
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <ReportForm type={type} id={id} />
      </Suspense>
    </FormDialog>
  );
}
