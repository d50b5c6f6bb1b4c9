import { useEffect, useRef } from "react";
import { Link, type FetcherWithComponents } from "react-router";
import { toast } from "~/lib/toast";
import { HONEYPOT, type FieldErrors, type WriteResult } from "~/lib/participation-texts";
import { paths } from "~/lib/routes";
import { cn } from "~/lib/utils";

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
export function ResultMessage({ result, hydrated }: { result: WriteResult | undefined; hydrated: boolean }) {
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

/** With JavaScript: each new answer of the fetcher becomes a toast, and a success resets the form. */
export function useResultToasts(fetcher: FetcherWithComponents<WriteResult | undefined>, onSuccess: () => void) {
  // An answer already there when the form mounts (a dialog opened again) is old news.
  const seen = useRef<unknown>(fetcher.data);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || seen.current === data) return;
    seen.current = data;
    if (data.ok) {
      toast.success(data.message.title, { description: data.message.description });
      onSuccess();
    } else if (data.message) {
      toast.error(data.message.title, { description: data.message.description });
    }
  }, [fetcher.state, fetcher.data, onSuccess]);
}

export const errorsOf = (result: WriteResult | undefined) => (result && !result.ok ? result.errors : {});

/** Sends a fetcher form after the browser's check with the form's own Zod schema, which is
 * loaded on the first send (Zod stays out of the page's initial JavaScript). */
export function submitChecked(
  e: React.FormEvent<HTMLFormElement>,
  schema: "newsletter" | "mapComment" | "reflection",
  fetcher: FetcherWithComponents<WriteResult | undefined>,
  setErrors: (errors: FieldErrors) => void,
) {
  e.preventDefault();
  const form = e.currentTarget;
  void import("~/lib/participation").then(({ checkPublicForm }) => {
    const errors = checkPublicForm(schema, new FormData(form));
    setErrors(errors);
    if (Object.keys(errors).length === 0) void fetcher.submit(form);
  });
}
