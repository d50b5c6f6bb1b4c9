import { useState, type ReactNode } from "react";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { checkForm, hasErrors, type FieldErrors } from "~/lib/forms";

/** The create/edit dialog of an admin screen: title, description, the form with the browser's
 * check (the action's schema, plus the screen's own rules, such as a required file), the field
 * errors (the browser's first, then the server's), and Cancel·la / Desa with the pending state.
 * `send` posts the checked form (a fetcher, or an upload with progress). */
export function EditDialog({
  open,
  onClose,
  title,
  description,
  schema,
  check,
  send,
  pending,
  pendingLabel = "Desant...",
  serverErrors,
  multipart,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  schema: z.ZodType;
  check?: (form: HTMLFormElement) => FieldErrors;
  send: (form: HTMLFormElement) => void;
  pending: boolean;
  pendingLabel?: string;
  serverErrors?: FieldErrors;
  multipart?: boolean;
  className?: string;
  /** The fields, given the message to show under each. */
  children: (error: (field: string) => string | undefined) => ReactNode;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const error = (field: string) => errors[field] ?? serverErrors?.[field];
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !pending && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          method="post"
          encType={multipart ? "multipart/form-data" : undefined}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const found = { ...checkForm(schema, form), ...check?.(form) };
            setErrors(found);
            if (!hasErrors(found)) send(form);
          }}
        >
          {children(error)}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              Cancel·la
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? pendingLabel : "Desa"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Which row a screen's dialog edits: none (closed), a new one, or a row. */
export type Editing<Row> = Row | "new" | null;
export const editedRow = <Row,>(editing: Editing<Row>): Row | null => (editing && editing !== "new" ? editing : null);
export const dialogKey = <Row extends { id: string }>(editing: Editing<Row>) => (editing === "new" ? "new" : (editing?.id ?? "none"));
