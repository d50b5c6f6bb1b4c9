import { useId, useState } from "react";
import { FormField } from "~/components/form-field";
import { Notice, PublicForm, usePublicForm, useSay } from "~/components/participation/shared";
import { Textarea } from "~/components/ui/textarea";
import { reportReasons, type ContributionType } from "~/domain/contributions";
import { useLocale } from "~/i18n/react";
import { echoed, LIMITS, REPORT_TEXTS, type WriteResult } from "~/lib/participation-texts";
import { localePaths, reportHref } from "~/lib/routes";

// The report form (decision 028): on the report page, and in the report dialog, which fetches it
// when it first opens (report-dialog.tsx), so that the pages' first scripts do not carry it.

/** The report form: the reason (radios: they work without JavaScript) and, for 'other', the words. */
export function ReportForm({ type, id, result }: { type: ContributionType; id: string; result?: WriteResult }) {
  const name = useId();
  const [reason, setReason] = useState(() => echoed(result, "reason"));
  const say = useSay();
  const form = usePublicForm({ key: `report-${type}-${id}`, action: reportHref(localePaths(useLocale()), type, id), result });
  const { errors } = form;
  const gone = errors.type ?? errors.id;
  if (gone) return <Notice message={REPORT_TEXTS.gone} />;
  return (
    // A contribution is reported once: the success panel offers no second report.
    <PublicForm form={form} submit={{ label: say("forms.report.submit"), ready: reason !== "" }} done={{}}>
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="id" value={id} />
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.reason ? `${name}-error` : undefined}>
        <legend className="mb-1 font-semibold">{say("forms.report.reason")}</legend>
        {reportReasons.map((r) => (
          <label key={r} className="flex items-center gap-3">
            <input
              type="radio"
              name="reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
              className="size-5 accent-brand focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
            />
            {say(`forms.report.reason.${r}`)}
          </label>
        ))}
        {errors.reason && (
          <p id={`${name}-error`} className="text-sm font-semibold text-red-700">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <FormField label={say("forms.report.detail")} error={errors.detail}>
        <Textarea name="detail" rows={3} maxLength={LIMITS.reason} defaultValue={echoed(result, "detail")} />
      </FormField>
    </PublicForm>
  );
}
