import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { saveConsent } from "~/lib/cookie-consent";
import { useLocale, useT } from "~/i18n/react";
import { localePaths } from "~/lib/routes";

function PreferenceRow({ title, text, ...props }: { title: string; text: string } & React.ComponentProps<typeof Switch>) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border border-ink/10 p-3">
      <div>
        <Label htmlFor={id}>{title}</Label>
        <p id={`${id}-text`} className="mt-1 text-sm text-ink/80">
          {text}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-text`} {...props} />
    </div>
  );
}

/** The banner and its settings dialog; loaded only when no valid choice is stored (cookie-gate). */
export default function CookieBanner() {
  const [visible, setVisible] = useState(true);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [functional, setFunctional] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const t = useT();
  const paths = localePaths(useLocale());

  const choose = (choice: { functional: boolean; analytics: boolean }) => {
    saveConsent(window.localStorage, choice);
    setSettingsOpen(false);
    setVisible(false);
  };

  if (!visible) return null;
  return (
    <>
      <section
        aria-label={t("public.cookies.banner")}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-ink/10 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <p className="text-sm">
            {t("public.cookies.text")}{" "}
            <Link to={paths.cookies} className="font-semibold text-brand-dark underline">
              {t("public.nav.cookies")}
            </Link>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setSettingsOpen(true)}>
              {t("public.cookies.configure")}
            </Button>
            <Button variant="outline" onClick={() => choose({ functional: false, analytics: false })}>
              {t("public.cookies.necessaryOnly")}
            </Button>
            <Button onClick={() => choose({ functional: true, analytics: true })}>{t("public.cookies.acceptAll")}</Button>
          </div>
        </div>
      </section>
      <Dialog open={settingsOpen} onOpenChange={setSettingsOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("public.cookies.settings")}</DialogTitle>
            <DialogDescription>{t("public.cookies.settingsText")}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-3">
            <PreferenceRow title={t("public.cookies.necessary")} text={t("public.cookies.necessaryText")} checked disabled />
            <PreferenceRow
              title={t("public.cookies.functional")}
              text={t("public.cookies.functionalText")}
              checked={functional}
              onCheckedChange={setFunctional}
            />
            <PreferenceRow
              title={t("public.cookies.analytics")}
              text={t("public.cookies.analyticsText")}
              checked={analytics}
              onCheckedChange={setAnalytics}
            />
          </div>
          <DialogFooter>
            <Button onClick={() => choose({ functional, analytics })}>{t("public.cookies.save")}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
