import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from "react";
import { CircleCheckIcon } from "lucide-react";
import { Link, useFetcher, useLocation } from "react-router";
import { FormField, SubmitButton } from "~/components/form-field";
import { type Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { hasErrors } from "~/lib/forms";
import { CLOSED_MESSAGE } from "~/domain/campaign";
import { useParticipation } from "~/lib/participation-state";
import type { ClientKey, MessageValues } from "~/i18n/catalogue";
import { RichText, useLocale, useT } from "~/i18n/react";
import {
  FORM_VALUES,
  HONEYPOT,
  LIMITS,
  type FieldErrors,
  type FormKey,
  type FormMessage,
  type WriteResult,
} from "~/lib/participation-texts";
import { localePaths } from "~/lib/routes";
import { toast } from "~/lib/toast";
import { cn, useHydrated } from "~/lib/utils";

/** The public forms' words in the page's language (decision 059): a key (a message's part, a
 * field's error from the schema or the action) with the limits the forms' texts name. */
export function useSay() {
  const t = useT();
  return useMemo(() => {
    const say = (key: FormKey | string, values?: MessageValues) => t(key as ClientKey, { ...FORM_VALUES, ...values });
    /** A message's title and description, said. */
    const message = (m: FormMessage) => ({
      title: say(m.title, m.values),
      description: m.description ? say(m.description, m.values) : undefined,
    });
    return Object.assign(say, { message });
  }, [t]);
}

/** Hidden from people (and from screen readers); bots fill it in and are quietly ignored. */
function Honeypot() {
  const say = useSay();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {say("forms.honeypot")}
        <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The text a contribution is about (a reflection, a comment): required, held in state so that the
 * send button waits for it. */
export function ContributionText({
  label,
  error,
  ...textarea
}: { label: string; error?: string; name: string; rows: number; maxLength: number; value: string } & Pick<
  React.ComponentProps<"textarea">,
  "onChange"
>) {
  return (
    <FormField label={label} error={error}>
      <Textarea aria-required="true" {...textarea} />
    </FormField>
  );
}

/** The e-mail field of a public form: optional unless `required` (the server decides; the field says so). */
export function EmailField({
  error,
  required,
  ...input
}: { error?: string; required?: boolean } & Pick<React.ComponentProps<"input">, "value" | "onChange" | "className">) {
  const say = useSay();
  return (
    <FormField label={say(required ? "forms.email" : "forms.emailOptional")} error={error}>
      <Input
        type="email"
        name="email"
        autoComplete="email"
        aria-required={required ? "true" : undefined}
        maxLength={LIMITS.email}
        {...input}
      />
    </FormField>
  );
}

/** A consent box whose label links to the privacy policy (a sentence of the catalogue's with a
 * <link>: "Accepto la <link>política de privacitat</link>"). A native checkbox: it posts and
 * toggles without JavaScript (a Radix one does not). */
export function ConsentCheckbox({
  text,
  error,
  name = "privacy",
  ...props
}: Omit<React.ComponentProps<"input">, "id" | "type"> & { text: Extract<FormKey, `forms.consent.${string}`>; error?: string | null }) {
  const say = useSay();
  const paths = localePaths(useLocale());
  const id = `${useId()}-${name}`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          className="mt-0.5 size-5 shrink-0 accent-brand focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
        />
        <label htmlFor={id} className="text-sm leading-snug">
          <RichText
            text={say(text)}
            parts={{
              link: (words) => (
                <Link
                  to={paths.privacy}
                  className="font-semibold text-brand-dark underline underline-offset-2"
                  target="_blank"
                  rel="noopener"
                >
                  {words}
                </Link>
              ),
            }}
          />
        </label>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A failed write's answer, beside the form's button, where the eye is (issue 18), in a live
 * region that is always there so a screen reader announces what comes into it at once. It stays
 * until the form is sent again. (Without JavaScript the page posted itself and renders it here too.) */
export function FormError({ result, submitting }: { result: WriteResult | undefined; submitting: boolean }) {
  const say = useSay();
  const failure = !submitting && result && !result.ok ? result.message : undefined;
  const message = failure && say.message(failure);
  return (
    <div role="alert" data-slot="form-error">
      {message && (
        <div className="rounded-md border border-red-700/50 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-bold">{message.title}</p>
          {message.description && <p>{message.description}</p>}
        </div>
      )}
    </div>
  );
}

/** What a form becomes once sent (issue 27): the thanks as a heading (the focus moves to it, so a
 * screen reader reads it), what happens next, a link to the contribution when it is public, and a
 * way to send another. Without JavaScript "another" is a link to the form's page. */
export function SuccessPanel({
  result,
  again,
  againHref,
  onAgain,
  heading: Heading = "h2",
  children,
}: {
  result: Extract<WriteResult, { ok: true }>;
  /** The label of the way back to an empty form; none for a form sent once (a report). */
  again?: string;
  againHref: string;
  onAgain: () => void;
  heading?: "h2" | "h3";
  /** A line of the form's own (the address a newsletter e-mail went to). */
  children?: React.ReactNode;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();
  const say = useSay();
  // Once the page is live (at once in a dialog; after hydration on the page a form posted without
  // JavaScript): the panel replaced the focused button, so the focus would otherwise be lost.
  useEffect(() => {
    if (hydrated) heading.current?.focus();
  }, [hydrated]);
  const { view, next } = result;
  const message = say.message(result.message);
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-slot="form-success"
      className="flex flex-col gap-3 rounded-lg border border-leaf/60 bg-leaf-soft p-4 text-ink"
    >
      <Heading
        ref={heading}
        id={`${id}-title`}
        tabIndex={-1}
        className="flex items-start gap-2 text-lg font-bold outline-none focus-visible:ring-[3px] focus-visible:ring-brand/50"
      >
        <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-leaf" />
        {message.title}
      </Heading>
      {message.description && <p>{message.description}</p>}
      {children}
      {next && <p>{say(next)}</p>}
      {(view || again) && (
        <div className="flex flex-wrap gap-3 pt-1">
          {view && (
            <Link to={view} className={buttonVariants()}>
              {say("forms.viewContribution")}
            </Link>
          )}
          {again && (
            <a
              href={againHref}
              className={buttonVariants({ variant: "outline" })}
              onClick={(e) => {
                e.preventDefault();
                onAgain();
              }}
            >
              {again}
            </a>
          )}
        </div>
      )}
    </section>
  );
}

/** Whether a form can be seen on the screen now (not scrolled away, not in a closed dialog). */
function inView(el: HTMLElement | null) {
  if (!el?.isConnected) return false;
  const box = el.getBoundingClientRect();
  return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
}

type Schema = "newsletter" | "mapComment" | "reflection" | "accessibilityRequest" | "rightsRequest";

/**
 * The one way a public form talks to its page's action (decision 020): a fetcher with JavaScript,
 * the page itself without (the form posts to its own page, which renders the answer). With
 * JavaScript the form is checked first with the action's own Zod schema, loaded on the first send
 * (Zod stays out of the page's initial JavaScript). A success resets the form, calls onSuccess (to
 * clear controlled fields) and becomes the success panel in the form's place until the person asks
 * for an empty form again; a failure is shown beside the button (and as a toast when the form is
 * out of sight), and keeps everything. A send that never arrives, or that the site cannot answer
 * (a dropped connection, a 503), is such a failure: the page's clientAction (keepFormOnFailure)
 * turns it into one instead of the route's error screen (issue 27).
 */
export function usePublicForm({
  key,
  action,
  schema,
  result,
  onSuccess,
}: {
  /** The fetcher's key: a dialog opened again shares the fetcher (and does not show an old answer). */
  key: string;
  action: string;
  /** The schema to check before sending; none for a form the server alone checks (a file). */
  schema?: Schema;
  /** The action's answer to a page posted without JavaScript. */
  result?: WriteResult;
  onSuccess?: (result: Extract<WriteResult, { ok: true }>) => void;
}) {
  const fetcher = useFetcher<WriteResult>({ key });
  const hydrated = useHydrated();
  const say = useSay();
  const form = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const data = fetcher.data ?? result;
  const submitting = fetcher.state !== "idle";
  // The schema's and the action's errors are keys: the form shows them said.
  const errors: FieldErrors = Object.fromEntries(
    Object.entries({ ...(!submitting && data && !data.ok ? data.errors : {}), ...clientErrors }).map(([field, key]) => [
      field,
      key && say(key),
    ]),
  );
  // An answer already there when the form mounts (a dialog opened again) is old news.
  const seen = useRef<unknown>(fetcher.data);
  // The success the person has left for an empty form ("Deixa'n una altra"), or the old one.
  const [dismissed, setDismissed] = useState<unknown>(fetcher.data);
  const success = !submitting && data?.ok && data !== dismissed ? data : undefined;

  // Always the latest callback, without making the effect below run again when it changes.
  const succeeded = useEffectEvent((answer: Extract<WriteResult, { ok: true }>) => onSuccess?.(answer));
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.ok) {
      form.current?.reset();
      succeeded(answer);
      return;
    }
    // The failure is shown beside the form; a toast too only when the form is out of sight once
    // the page has taken the answer in (a page scrolled on).
    if (!answer.message) return;
    const message = say.message(answer.message);
    setTimeout(() => {
      if (!inView(form.current)) toast.error(message.title, { description: message.description });
    }, 100);
  }, [fetcher.state, fetcher.data, say]);

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    if (!schema) return;
    e.preventDefault();
    const target = e.currentTarget;
    void import("~/lib/participation").then(({ checkPublicForm }) => {
      const found = checkPublicForm(schema, new FormData(target));
      setClientErrors(found);
      if (!hasErrors(found)) void fetcher.submit(target);
    });
  };

  return {
    fetcher,
    hydrated,
    errors,
    submitting,
    data,
    success,
    action,
    /** Back to an empty form after a success. */
    again: () => setDismissed(data),
    formProps: { ref: form, method: "post" as const, action, noValidate: hydrated, onSubmit },
  };
}

type PublicFormState = ReturnType<typeof usePublicForm>;

/** A message in place of a form: why it cannot be sent. */
export function Notice({ message, className }: { message: FormMessage; className?: string }) {
  const { title, description } = useSay().message(message);
  return (
    <div role="status" className={cn("rounded-md border border-brand/40 bg-brand-soft p-4", className)}>
      <p className="font-bold">{title}</p>
      {description && <p>{description}</p>}
    </div>
  );
}

/** What a participation form shows instead of itself while participation is closed (decision 029). */
export const ClosedNotice = ({ className }: { className?: string }) => <Notice message={CLOSED_MESSAGE} className={className} />;

/** A public form's frame: the honeypot, its fields, the answer for a page without JavaScript, and
 * the send button (kept disabled with JavaScript until the form can be sent). A participation form
 * (not the newsletter's) is the closed notice while participation is closed. */
export function PublicForm({
  form,
  submit,
  participation = false,
  done,
  children,
  className,
  ...props
}: Pick<React.ComponentProps<"form">, "aria-labelledby" | "className" | "children"> & {
  /** A form with a file input. */
  encType?: "multipart/form-data";
  form: PublicFormState;
  submit: { label: string; busy?: string; ready: boolean };
  /** A contribution to the consultation: closed with it. */
  participation?: boolean;
  /** The success panel's own parts: its "another" label ("Deixa'n una altra" when no parts are
   * given; none for a form sent once: `{}`), its heading's level, a line of the form's own. */
  done?: { again?: string; heading?: "h2" | "h3"; children?: React.ReactNode };
}) {
  const { fetcher, hydrated, submitting, data, success, formProps } = form;
  const { open } = useParticipation();
  const say = useSay();
  if (success)
    return <SuccessPanel result={success} againHref={form.action} onAgain={form.again} {...(done ?? { again: say("forms.another") })} />;
  if (participation && !open) return <ClosedNotice />;
  return (
    <fetcher.Form {...formProps} {...props} className={cn("relative flex flex-col gap-4", className)}>
      <Honeypot />
      {children}
      <div>
        <SubmitButton
          submitting={submitting}
          busy={submit.busy ?? say("forms.sending")}
          disabled={hydrated && (submitting || !submit.ready)}
        >
          {submit.label}
        </SubmitButton>
      </div>
      <FormError result={data} submitting={submitting} />
    </fetcher.Form>
  );
}

/** A button that opens a form in a dialog. Without JavaScript it is a link to the page that
 * serves the same form; closing the dialog returns the focus to it. */
export function FormDialog({
  href,
  icon,
  label,
  variant,
  size,
  className,
  title,
  description,
  contentClassName,
  children,
}: {
  href: string;
  icon: React.ReactNode;
  label: string;
  variant?: React.ComponentProps<typeof Button>["variant"];
  size?: React.ComponentProps<typeof Button>["size"];
  className?: string;
  title: string;
  description: string;
  contentClassName?: string;
  /** The dialog's body: a form, which stays open on its success panel once sent (issue 27). */
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  // A link in the dialog (its success panel's "Veure la teva aportació") leads elsewhere: the
  // dialog closes, even when that is the same page with another address.
  const { key: location } = useLocation();
  const [openedAt, setOpenedAt] = useState(location);
  if (openedAt !== location) {
    setOpenedAt(location);
    setOpen(false);
  }
  return (
    <>
      <a
        ref={trigger}
        href={href}
        className={cn(buttonVariants({ variant, size }), className)}
        aria-haspopup="dialog"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        {icon}
        {label}
      </a>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className={contentClassName}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus({ preventScroll: true });
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The page a form posts to, which also serves it without JavaScript: the dialog's title and text
 * as the page's heading, then the form. */
export function FormPage({
  title,
  description,
  wide,
  children,
}: {
  title: string;
  description: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("mx-auto flex flex-col gap-6 px-4 py-12", wide ? "max-w-4xl" : "max-w-3xl")}>
      <h1 className="text-3xl font-extrabold text-brand-dark">{title}</h1>
      <p>{description}</p>
      {children}
    </div>
  );
}
