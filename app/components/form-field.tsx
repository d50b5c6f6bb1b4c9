import { useId, type ReactElement, cloneElement } from "react";
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
 * the control gets the id, aria-invalid and aria-describedby. */
export function FormField({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: React.ReactNode;
  error?: string | null;
  hint?: React.ReactNode;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
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

type FieldProps = { label: React.ReactNode; error?: string | null; hint?: React.ReactNode };

/** A FormField around a text input: the label, the input (given every other prop) and its error. */
export function InputField({ label, error, hint, ...input }: FieldProps & React.ComponentProps<"input">) {
  return (
    <FormField label={label} error={error} hint={hint}>
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
