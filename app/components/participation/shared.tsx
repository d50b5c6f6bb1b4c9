import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { hasErrors } from "~/lib/forms";
import { HONEYPOT, type FieldErrors, type WriteResult } from "~/lib/participation-texts";
import { paths } from "~/lib/routes";
import { toast } from "~/lib/toast";
import { cn, useHydrated } from "~/lib/utils";

/** Hidden from people (and from screen readers); bots fill it in and are quietly ignored. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        No omplis aquest camp
        <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** A native checkbox: it posts and toggles without JavaScript (a Radix one does not). */
export function NativeCheckbox({
  label,
  error,
  className,
  ...props
}: React.ComponentProps<"input"> & { label: React.ReactNode; error?: string | null }) {
  const errorId = `${props.id}-error`;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
        />
        <label htmlFor={props.id} className="text-sm leading-snug">
          {label}
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

export function PrivacyLink() {
  return (
    <Link to={paths.privacy} className="font-semibold text-brand-dark underline underline-offset-2" target="_blank" rel="noopener">
      política de privacitat
    </Link>
  );
}

/** The result of a write, in the page: for browsers without JavaScript (toasts need it). */
function ResultMessage({ result, hydrated }: { result: WriteResult | undefined; hydrated: boolean }) {
  if (!result?.message || hydrated) return null;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={cn(
        "rounded-md border p-3 text-sm",
        result.ok ? "border-leaf/60 bg-leaf/10 text-ink" : "border-red-700/50 bg-red-50 text-red-900",
      )}
    >
      <p className="font-bold">{result.message.title}</p>
      {result.message.description && <p>{result.message.description}</p>}
    </div>
  );
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
      toast.success(answer.message.title, { description: answer.message.description });
      form.current?.reset();
      succeeded();
    } else if (answer.message) {
      toast.error(answer.message.title, { description: answer.message.description });
    }
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

/** A public form's frame: the honeypot, its fields, the answer for a page without JavaScript, and
 * the send button (kept disabled with JavaScript until the form can be sent). */
export function PublicForm({
  form,
  submit,
  children,
  className,
  ...props
}: Pick<React.ComponentProps<"form">, "aria-labelledby" | "className" | "children"> & {
  /** A form with a file input. */
  encType?: "multipart/form-data";
  form: PublicFormState;
  submit: { label: string; busy?: string; ready: boolean };
}) {
  const { fetcher, hydrated, submitting, data, formProps } = form;
  return (
    <fetcher.Form {...formProps} {...props} className={cn("relative flex flex-col gap-4", className)}>
      <Honeypot />
      {children}
      <ResultMessage result={data} hydrated={hydrated} />
      <div>
        <Button type="submit" disabled={hydrated && (submitting || !submit.ready)}>
          {submitting ? (submit.busy ?? "Enviant...") : submit.label}
        </Button>
      </div>
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
