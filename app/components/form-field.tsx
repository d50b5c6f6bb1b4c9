import { useId, type ReactElement, cloneElement } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";

interface ControlProps {
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** A label, one control and its hint or error, wired together for screen readers:
 * the control gets the id, aria-invalid and aria-describedby. A form whose one error is about
 * several fields (the sign-in) shows it once in a FormAlert and names it in `invalidBy`. */
export function FormField({
  label,
  error,
  hint,
  invalidBy,
  className,
  children,
}: {
  label: React.ReactNode;
  error?: string | null;
  hint?: React.ReactNode;
  /** The id of the form's error (a FormAlert) that makes this control invalid, when there is one. */
  invalidBy?: string | null;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null, invalidBy ?? null].filter(Boolean).join(" ") || undefined;
  const invalid = error || invalidBy ? true : undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, "aria-invalid": invalid, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-sm break-words text-ink/75">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type FieldProps = { label: React.ReactNode; error?: string | null; hint?: React.ReactNode; invalidBy?: string | null };

/** A FormField around a text input: the label, the input (given every other prop) and its error. */
export function InputField({ label, error, hint, invalidBy, ...input }: FieldProps & React.ComponentProps<"input">) {
  return (
    <FormField label={label} error={error} hint={hint} invalidBy={invalidBy}>
      <Input {...input} />
    </FormField>
  );
}

/** A FormField around a textarea. */
export function TextareaField({ label, error, hint, ...textarea }: FieldProps & React.ComponentProps<"textarea">) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <Textarea {...textarea} />
    </FormField>
  );
}

/** A form's one error, about the whole form or several of its fields, announced as it appears. */
export function FormAlert({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm font-semibold text-red-700">
      {error}
    </p>
  );
}

/** A form's submit button: disabled while the form is sent (unless told otherwise), saying `busy` meanwhile. */
export function SubmitButton({
  submitting,
  busy,
  disabled,
  children,
  ...props
}: { submitting: boolean; busy?: React.ReactNode } & Omit<React.ComponentProps<typeof Button>, "type">) {
  return (
    <Button type="submit" disabled={disabled ?? submitting} {...props}>
      {submitting && busy ? busy : children}
    </Button>
  );
}
