import { useState, type ChangeEventHandler, type ReactNode } from "react";
import type { z } from "zod";
import { FormField, InputField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { checkForm, hasErrors, type FieldErrors } from "~/lib/forms";

export interface EditDialogProps {
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
}

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
}: EditDialogProps) {
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
          {/* Sticky: the save button stays in reach however long the form (issue 27, item 13). */}
          <DialogFooter className="sticky bottom-0 z-10 -mx-6 -mb-6 border-t border-ink/10 bg-white px-6 py-4">
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

/** The dialog of an entity screen (EntityScreen's `dialog`): open while a row or a new one is
 * edited, titled for which, its form starting with the intent fields; `check` and the fields are
 * given the row (null for a new one). Sent like EditDialog: spread useDialogFetcher's or
 * useUploadDialog's `dialog` into it. */
export function EntityEditDialog<Row extends { id: string }>({
  editing,
  onClose,
  title: [editTitle, newTitle],
  check,
  children,
  ...dialog
}: Omit<EditDialogProps, "open" | "title" | "check" | "children"> & {
  editing: Editing<Row>;
  /** When editing a row, and for a new one. */
  title: readonly [string, string];
  check?: (form: HTMLFormElement, row: Row | null) => FieldErrors;
  children: (error: (field: string) => string | undefined, row: Row | null) => ReactNode;
}) {
  const row = editedRow(editing);
  return (
    <EditDialog
      {...dialog}
      open={editing !== null}
      onClose={onClose}
      title={row ? editTitle : newTitle}
      check={check && ((form) => check(form, row))}
    >
      {(err) => (
        <>
          <IntentFields id={row?.id} />
          {children(err, row)}
        </>
      )}
    </EditDialog>
  );
}

/** The hidden fields that say what the form does: create, or update the row with this id. */
function IntentFields({ id }: { id?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={id ? "update" : "create"} />
      {id && <input type="hidden" name="id" value={id} />}
    </>
  );
}

/** The active switch of a dialog, sent as isActive: on for a new row. */
export function ActiveField({ id, label = "Actiu", defaultChecked = true }: { id: string; label?: string; defaultChecked?: boolean }) {
  const [checked, onChange] = useState(defaultChecked);
  return (
    <div className="flex items-center gap-3">
      <input type="hidden" name="isActive" value={String(checked)} />
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** A dialog's file field: on a new row the file is required; on a row being edited it is optional,
 * and leaving it empty keeps the row's file. */
export function FileField({
  label,
  name = "file",
  accept,
  editing,
  error,
  onChange,
}: {
  label: string;
  name?: string;
  accept: string;
  /** The row exists (it has a file already). */
  editing: boolean;
  error?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
}) {
  return (
    <FormField label={editing ? `${label} (opcional: es manté l'actual)` : label} error={error}>
      <Input name={name} type="file" accept={accept} onChange={onChange} />
    </FormField>
  );
}

/** The browser's check of a file field (the server checks the bytes again): required on create,
 * of the right kind, within the size. */
export function fileErrors(
  form: HTMLFormElement,
  name: string,
  rule: { required: boolean; kind: string; maxBytes: number; messages: { required: string; bad_type: string; too_large: string } },
): FieldErrors {
  const file = (form.elements.namedItem(name) as HTMLInputElement | null)?.files?.[0];
  if (!file) return rule.required ? { [name]: rule.messages.required } : {};
  if (!file.type.startsWith(rule.kind)) return { [name]: rule.messages.bad_type };
  if (file.size > rule.maxBytes) return { [name]: rule.messages.too_large };
  return {};
}

/** The order of a row among its kind, as the schemas' shared `position` field reads it. */
export function PositionField({ label = "Posició", value, error }: { label?: string; value?: number; error?: string }) {
  return <InputField label={label} name="position" type="number" min={0} defaultValue={value ?? 0} error={error} />;
}

/** An optional link of a row (the schemas check it is http or https). */
export function LinkField({ label = "Enllaç (opcional)", value, error }: { label?: string; value?: string | null; error?: string }) {
  return <InputField label={label} name="linkUrl" type="url" defaultValue={value ?? ""} placeholder="https://" error={error} />;
}
