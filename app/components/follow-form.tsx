import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useLocale, useT } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import type { FollowAnswer } from "~/domain/results";

/** Follow a result, or every result of a municipality, with only an e-mail address (decision 069).
 * A plain form: it works without JavaScript; its answer is read out as a status. */
export function FollowForm({ municipality, answer }: { municipality?: string; answer?: FollowAnswer }) {
  const t = useT();
  const id = useId();
  const busy = useNavigation().state === "submitting";
  const privacy = localePaths(useLocale()).privacy;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 rounded-lg bg-brand-soft p-6" data-testid="follow-form">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-brand-dark">
        {municipality ? t("public.tracker.follow.titleMunicipality", { municipality }) : t("public.tracker.follow.title")}
      </h2>
      <p className="mt-2">{municipality ? t("public.tracker.follow.leadMunicipality") : t("public.tracker.follow.lead")}</p>
      <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        {municipality && <input type="hidden" name="municipality" value={municipality} />}
        <div className="flex grow flex-col gap-1">
          <label htmlFor={`${id}-email`} className="font-semibold">
            {t("public.tracker.follow.email")}
          </label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            aria-invalid={answer && !answer.ok && answer.message === "invalid" ? true : undefined}
            aria-describedby={`${id}-privacy`}
          />
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          {municipality ? t("public.tracker.follow.submitMunicipality") : t("public.tracker.follow.submit")}
        </Button>
      </Form>
      <p id={`${id}-privacy`} className="mt-2 text-sm">
        {t("public.tracker.follow.privacy")}{" "}
        <Link to={privacy} className="underline underline-offset-4">
          {t("public.tracker.follow.privacyLink")}
        </Link>
      </p>
      <p role="status" className={answer ? "mt-3 font-semibold" : "sr-only"}>
        {answer ? t(`public.tracker.follow.${answer.message}`, answer.ok ? { days: answer.days } : {}) : ""}
      </p>
    </section>
  );
}
