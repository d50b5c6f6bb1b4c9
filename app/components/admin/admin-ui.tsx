import { adminPaths } from "~/lib/admin-paths";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { z } from "zod";
import { checkForm, hasErrors, type ActionResult, type FieldErrors } from "~/lib/forms";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import { Switch } from "~/components/ui/switch";
import { formatNumber } from "~/i18n/locales";

/** Shows the toast an admin action answered with, once per answer; an answer that can be undone
 * gets a 'Desfés' button that sends the undo with `send`. */
export function useResultToast(
  result: ActionResult | undefined,
  onSuccess?: () => void,
  send?: (undo: NonNullable<ActionResult["undo"]>) => void,
) {
  const last = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || result === last.current) return;
    last.current = result;
    if (result.ok) {
      const undo = result.undo;
      if (result.message)
        toast.success(result.message, undo && send ? { action: { label: "Desfés", onClick: () => send(undo) } } : undefined);
      onSuccess?.();
    } else if (result.error) toast.error(result.error);
  }, [result, onSuccess, send]);
}

/** A fetcher whose answer becomes a toast. */
export function useAdminFetcher(onSuccess?: () => void, key?: string) {
  const fetcher = useFetcher<ActionResult>(key ? { key } : undefined);
  const { submit } = fetcher;
  const send = useCallback(
    (undo: NonNullable<ActionResult["undo"]>) => void submit(undo.fields, { method: "post", action: undo.action }),
    [submit],
  );
  // As soon as the answer arrives (the revalidation that follows may remove this component).
  useResultToast(fetcher.data, onSuccess, send);
  return fetcher;
}

/** The fetcher of a dialog's form (EditDialog): its answer is a toast, and success closes the dialog. */
export function useDialogFetcher(onClose: () => void) {
  const fetcher = useAdminFetcher(onClose);
  return {
    pending: fetcher.state !== "idle",
    send: (form: HTMLFormElement) => void fetcher.submit(form),
    serverErrors: fetcher.data?.fieldErrors,
  };
}

/** A form of a settings screen, posted through a fetcher (its answer a toast) and checked first in the
 * browser with the action's schema: `error(field)` gives the browser's message, else the server's. */
export function useCheckedFetcherForm(schema: z.ZodType) {
  const fetcher = useAdminFetcher();
  const [errors, setErrors] = useState<FieldErrors>({});
  const server = fetcher.data?.fieldErrors ?? {};
  return {
    fetcher,
    error: (name: string) => errors[name] ?? server[name],
    busy: fetcher.state !== "idle",
    onSubmit: (e: React.FormEvent<HTMLFormElement>) => {
      const found = checkForm(schema, e.currentTarget);
      setErrors(found);
      if (hasErrors(found)) e.preventDefault();
    },
  };
}

export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-extrabold">{title}</h1>
      {children}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="rounded-lg border border-dashed border-ink/25 bg-white p-8 text-center text-ink/80">{children}</div>;
}

/** The active switch of a card: posts intent=toggle at once. */
export function ActiveToggle({ id, active, label }: { id: string; active: boolean; label: string }) {
  const fetcher = useAdminFetcher();
  const pending = fetcher.state !== "idle";
  const shown = pending ? fetcher.formData?.get("isActive") === "true" : active;
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      <Switch
        checked={shown}
        aria-label={label}
        onCheckedChange={(checked) => fetcher.submit({ intent: "toggle", id, isActive: String(checked) }, { method: "post" })}
      />
      {shown ? "Actiu" : "Inactiu"}
    </label>
  );
}

export interface UploadState {
  progress: number | null;
  sending: boolean;
}

/** Posts a multipart form with XMLHttpRequest (fetch reports no upload progress) to an
 * endpoint answering JSON, then reloads the page's data. */
export function useUploadWithProgress(onSuccess?: () => void) {
  const revalidator = useRevalidator();
  const [state, setState] = useState<UploadState>({ progress: null, sending: false });
  const [result, setResult] = useState<ActionResult | undefined>(undefined);
  useResultToast(result, onSuccess);
  const send = (url: string, body: FormData) => {
    setState({ progress: 0, sending: true });
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setState({ progress: Math.round((e.loaded / e.total) * 100), sending: true });
    };
    xhr.onload = () => {
      setState({ progress: null, sending: false });
      let answer: ActionResult;
      try {
        answer = JSON.parse(xhr.responseText) as ActionResult;
      } catch {
        answer = { ok: false, error: `Error ${xhr.status}` };
      }
      setResult(answer);
      if (answer.ok) void revalidator.revalidate();
    };
    xhr.onerror = () => {
      setState({ progress: null, sending: false });
      setResult({ ok: false, error: "La pujada s'ha interromput. Torna-ho a provar." });
    };
    xhr.send(body);
  };
  return { ...state, result, send };
}

/** An upload dialog's sending (EditDialog's props, spread) and its progress (for UploadProgress):
 * the form goes to the upload route (/admin/puja/<kind>), and success closes the dialog. */
export function useUploadDialog(kind: "videos" | "resources", onClose: () => void) {
  const upload = useUploadWithProgress(onClose);
  return {
    progress: upload.progress,
    dialog: {
      send: (form: HTMLFormElement) => upload.send(`${adminPaths.adminUpload}/${kind}`, new FormData(form)),
      pending: upload.sending,
      pendingLabel: "Pujant...",
      serverErrors: upload.result?.fieldErrors,
      multipart: true,
    },
  };
}

export const formatMb = (bytes: number | null | undefined) =>
  bytes == null ? "Desconegut" : `${formatNumber(bytes / (1024 * 1024), "ca", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

/** Row actions (delete, moderate, show/hide) share one fetcher key; the admin shell, which stays
 * mounted when the row disappears, shows their toasts. */
export const ROW_ACTION = "admin-row-action";
export const useRowAction = () => useFetcher<ActionResult>({ key: ROW_ACTION });
export function RowActionToasts() {
  useAdminFetcher(undefined, ROW_ACTION);
  return null;
}

/** An admin list as a table on wide screens and one card per row on phones (the stack-table
 * rules of app.css): give each cell but the actions its column's name as data-label. */
export function AdminTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-white shadow-sm md:overflow-x-auto">
      <table className="stack-table w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The header row of an admin table: one column heading each. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr className="border-b border-ink/10">
        {columns.map((c) => (
          <th key={c} scope="col" className="p-3">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A white panel of an admin screen, named by its heading (and an optional line under it). */
export function Panel({
  title,
  intro,
  className,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn("rounded-lg bg-white p-5 shadow-sm", className)}>
      <h2 id={id} className={cn("text-lg font-bold", intro ? "mb-1" : "mb-3")}>
        {title}
      </h2>
      {intro && <p className="mb-4 text-sm text-ink/80">{intro}</p>}
      {children}
    </section>
  );
}
