import type { ReactNode } from "react";
import { Form, Link, type MetaDescriptor } from "react-router";
import { Button } from "~/components/ui/button";
import type { ClientKey, MessageValues } from "~/i18n/catalogue";
import { metaContext, useLocale, useT } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { pageTitle, seoFor } from "~/lib/seo";

/** The newsletter's confirm and unsubscribe pages: a heading, what happened, and a way on. */
export function NewsletterNotice({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const home = localePaths(useLocale()).home;
  return (
    <div className="mx-auto flex min-h-[50dvh] max-w-2xl flex-col items-start justify-center gap-4 px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{title}</h1>
      {children}
      <Link to={home} className="font-semibold text-brand-dark underline underline-offset-4">
        {t("errors.backHome")}
      </Link>
    </div>
  );
}

/** Kept out of search results, and with no token in the page's own address (og:url). */
export function newsletterMeta(matches: readonly ({ loaderData?: unknown } | undefined)[], title: ClientKey): MetaDescriptor[] {
  const { publicUrl, t, locale } = metaContext(matches);
  return seoFor(localePaths(locale).newsletter, publicUrl, t, { title: pageTitle(t(title)) });
}

/** The e-mails' ways out (the newsletter's, a result's news, the council's answers), each with its
 * own texts under one key: opening the link only asks (a link checker or a mail client's preview
 * must stop nothing); the button, or a mail client's one-click POST (RFC 8058), does it. */
export type WayOutTexts = "public.newsletterLinks.unsubscribe" | "public.followLinks.unsubscribe" | "public.answerLinks.unsubscribe";

export function WayOutNotice({ texts, state, done }: { texts: WayOutTexts; state: "invalid" | "gone" | "ask"; done: boolean }) {
  const t = useT();
  if (state === "invalid") {
    return (
      <NewsletterNotice title={t(`${texts}.invalid.title`)}>
        <p className="text-lg">{t(`${texts}.invalid.text`)}</p>
      </NewsletterNotice>
    );
  }
  if (state === "gone") {
    return (
      <NewsletterNotice title={t(done ? `${texts}.done.title` : `${texts}.gone.title`)}>
        <p className="text-lg" role={done ? "status" : undefined}>
          {t(`${texts}.gone.text`)}
        </p>
      </NewsletterNotice>
    );
  }
  return <AskNotice texts={texts} />;
}

/** The e-mails' confirmation links (a newsletter sign-up, a result's follow, a rights request), each
 * with its own texts under one key. Opening the link only asks (mail gateways open every link and
 * must confirm nothing: decision 023); the button confirms, by POST, and says what happened. */
export type ConfirmTexts = "public.newsletterLinks.confirm" | "public.followLinks.confirm" | "public.rightsConfirm";
export type ConfirmOutcome = "pending" | "confirmed" | "already" | "expired" | "gone" | "invalid";

/** A confirmation link's HTTP status: a token that never was one 400, one that has lapsed or whose
 * request is gone 410. */
export const confirmStatus = (outcome: ConfirmOutcome) =>
  outcome === "invalid" ? 400 : outcome === "expired" || outcome === "gone" ? 410 : 200;

export function ConfirmNotice({
  texts,
  outcome,
  done,
  values,
}: {
  texts: ConfirmTexts;
  outcome: ConfirmOutcome;
  /** The button was pressed: the outcome is news, announced to screen readers. */
  done: boolean;
  /** The outcome text's placeholders (a rights request's reference and due date). */
  values?: MessageValues;
}) {
  const t = useT();
  if (outcome === "pending") return <AskNotice texts={texts} />;
  return (
    <NewsletterNotice title={t(`${texts}.${outcome}.title`)}>
      <p className="text-lg" role={done ? "status" : undefined}>
        {t(`${texts}.${outcome}.text`, values)}
      </p>
    </NewsletterNotice>
  );
}

/** What opening an e-mail's link shows: what the button will do, and the button (a POST). */
function AskNotice({ texts }: { texts: WayOutTexts | ConfirmTexts }) {
  const t = useT();
  return (
    <NewsletterNotice title={t(`${texts}.ask.title`)}>
      <p className="text-lg">{t(`${texts}.ask.text`)}</p>
      <Form method="post">
        <Button type="submit" size="lg">
          {t(`${texts}.button`)}
        </Button>
      </Form>
    </NewsletterNotice>
  );
}
