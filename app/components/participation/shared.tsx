import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { FormField } from "~/components/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { hasErrors } from "~/lib/forms";
import { CLOSED_MESSAGE } from "~/domain/campaign";
import { useParticipation } from "~/lib/participation-state";
import { HONEYPOT, LIMITS, type FieldErrors, type WriteResult } from "~/lib/participation-texts";
import { paths } from "~/lib/routes";
import { toast } from "~/lib/toast";
import { cn, useHydrated } from "~/lib/utils";

/** Hidden from people (and from screen readers); bots fill it in and are quietly ignored. */
function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        No omplis aquest camp
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
  label = "Correu electrònic (opcional)",
  error,
  required,
  ...input
}: { label?: string; error?: string; required?: boolean } & Pick<React.ComponentProps<"input">, "value" | "onChange" | "className">) {
  return (
    <FormField label={label} error={error}>
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

/** A consent box whose label links to the privacy policy ("{lead} política de privacitat{trail}").
 * A native checkbox: it posts and toggles without JavaScript (a Radix one does not). */
export function ConsentCheckbox({
  lead,
  trail,
  error,
  name = "privacy",
  ...props
}: Omit<React.ComponentProps<"input">, "id" | "type"> & { lead: string; trail?: string; error?: string | null }) {
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
          {lead}{" "}
          <Link to={paths.privacy} className="font-semibold text-brand-dark underline underline-offset-2" target="_blank" rel="noopener">
            política de privacitat
          </Link>
          {trail}
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

/** The result of a write, beside the form's button, where the eye is (issue 18), in live regions
 * that are always there so a screen reader announces what comes into them: a success politely,
 * an error at once. It stays until the form is sent again. (Without JavaScript the page posted
 * itself and renders the answer here too.) */
function ResultMessage({ result, submitting }: { result: WriteResult | undefined; submitting: boolean }) {
  const message = submitting ? undefined : result?.message;
  const box = (ok: boolean) =>
    message && (
      <div
        className={cn(
          "rounded-md border p-3 text-sm",
          ok ? "border-leaf/60 bg-leaf/10 text-ink" : "border-red-700/50 bg-red-50 text-red-900",
        )}
      >
        <p className="font-bold">{message.title}</p>
        {message.description && <p>{message.description}</p>}
      </div>
    );
  return (
    <>
      <div role="status" data-slot="form-result">
        {result?.ok && box(true)}
      </div>
      <div role="alert" data-slot="form-error">
        {result && !result.ok && box(false)}
      </div>
    </>
  );
}

/** Whether a form can be seen on the screen now (not scrolled away, not in a closed dialog). */
function inView(el: HTMLElement | null) {
  if (!el?.isConnected) return false;
  const box = el.getBoundingClientRect();
  return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
}

type Schema = "newsletter" | "mapComment" | "reflection";

/**
 * The one way a public form talks to its page's action (decision 020): a fetcher with JavaScript,
 * the page itself without (the form posts to its own page, which renders the answer). With
 * JavaScript the form is checked first with the action's own Zod schema, loaded on the first send
 * (Zod stays out of the page's initial JavaScript); each new answer becomes a toast, and a
 * success resets the form and calls onSuccess (to clear controlled fields, close a dialog).
 */
export function usePublicForm({
  key,
  action,
  schema,
  result,
  onSuccess,
}: {
  /** The fetcher's key: a dialog opened again shares the fetcher (and does not toast an old answer). */
  key: string;
  action: string;
  /** The schema to check before sending; none for a form the server alone checks (a file). */
  schema?: Schema;
  /** The action's answer to a page posted without JavaScript. */
  result?: WriteResult;
  onSuccess?: () => void;
}) {
  const fetcher = useFetcher<WriteResult>({ key });
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const data = fetcher.data ?? result;
  const submitting = fetcher.state !== "idle";
  const errors: FieldErrors = { ...(!submitting && data && !data.ok ? data.errors : {}), ...clientErrors };

  // Always the latest callback, without making the effect below run again when it changes.
  const succeeded = useEffectEvent(() => onSuccess?.());
  // An answer already there when the form mounts (a dialog opened again) is old news.
  const seen = useRef<unknown>(fetcher.data);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.ok) {
      form.current?.reset();
      succeeded();
    }
    // The answer is shown beside the form; a toast too only when the form is out of sight once the
    // page has taken the answer in (a dialog that closes on success, a page scrolled on).
    const message = answer.message;
    if (!message) return;
    // (Not cancelled when the form unmounts: a closed dialog's form is gone, its toast is not.)
    setTimeout(() => {
      if (inView(form.current)) return;
      if (answer.ok) toast.success(message.title, { description: message.description });
      else toast.error(message.title, { description: message.description });
    }, 100);
  }, [fetcher.state, fetcher.data]);

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
    formProps: { ref: form, method: "post" as const, action, noValidate: hydrated, onSubmit },
  };
}

type PublicFormState = ReturnType<typeof usePublicForm>;

/** A message in place of a form: why it cannot be sent. */
export function Notice({ message, className }: { message: { title: string; description: string }; className?: string }) {
  return (
    <div role="status" className={cn("rounded-md border border-brand/40 bg-brand-soft p-4", className)}>
      <p className="font-bold">{message.title}</p>
      <p>{message.description}</p>
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
}) {
  const { fetcher, hydrated, submitting, data, formProps } = form;
  const { open } = useParticipation();
  if (participation && !open) return <ClosedNotice />;
  return (
    <fetcher.Form {...formProps} {...props} className={cn("relative flex flex-col gap-4", className)}>
      <Honeypot />
      {children}
      <div>
        <Button type="submit" disabled={hydrated && (submitting || !submit.ready)}>
          {submitting ? (submit.busy ?? "Enviant...") : submit.label}
        </Button>
      </div>
      <ResultMessage result={data} submitting={submitting} />
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
  /** The dialog's body, given a function that closes it (after a form is sent). */
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
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
            trigger.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children(() => setOpen(false))}
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
