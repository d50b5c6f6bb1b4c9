import { Readable, Transform } from "node:stream";
import { data } from "react-router";
import sharp from "sharp";
import type { ActionResult, FieldErrors } from "~/lib/forms";
import type { AppContext } from "~/infra/app-context.server";
import { log, errorFields } from "~/infra/log.server";
import { StorageError, type PutOptions, type Storage, type StoredFile } from "~/infra/storage.server";
import { decodesWhole, isResizable } from "~/infra/images.server";
import { FormError, readForm, type SubmittedForm } from "~/infra/forms.server";

// What every admin action answers (ActionResult, lib/forms.ts): a toast message, or an error
// (with per-field messages for the form). Bad input stores nothing.
export type { ActionResult };
export { fieldErrors, firstError } from "~/lib/forms";

export const done = (message: string, undo?: ActionResult["undo"]) => data<ActionResult>({ ok: true, message, undo });
export const failed = (error: string, status = 400, fieldErrors?: FieldErrors) =>
  data<ActionResult>({ ok: false, error, fieldErrors }, { status });

/** An uploaded image that cannot be read whole. */
export const IMAGE_UNDECODABLE = "No s'ha pogut llegir la imatge: el fitxer sembla malmès. Desa-la de nou o tria'n una altra.";

/** The largest url-encoded admin form (a 50,000-character landing description, encoded, fits). */
const ADMIN_FORM_BYTES = 1024 * 1024;

/** The fields (and files, for a multipart form) of an admin form. A url-encoded form has no files.
 * A body that is not a form at all (broken multipart, another type, text that is not UTF-8) is
 * thrown as a 400 "Petició no vàlida.", a body too large as a 413: screens that catch upload errors
 * answer it with their own message, and the others no longer answer 500. A file's own problems
 * stay FormErrors (uploadMessage words them). */
export async function readAdminForm<F extends string>(
  request: Request,
  context: Pick<AppContext, "storage">,
  specs: Record<F, PutOptions>,
): Promise<SubmittedForm<F>> {
  try {
    const form = await readForm(request, context.storage, { maxBytes: ADMIN_FORM_BYTES, files: specs });
    // An image is decoded whole before anything keeps it (issue 29): its first bytes alone are no proof.
    for (const [field, file] of Object.entries(form.files) as [string, StoredFile | undefined][]) {
      if (file && isResizable(file.key) && !(await decodesWhole(context.storage, file.key))) {
        await form.discard();
        // A screen with its own words for a bad image says them; otherwise this message.
        throw new FormError("bad_type", field, IMAGE_UNDECODABLE);
      }
    }
    return form;
  } catch (err) {
    if (err instanceof FormError && (err.code === "bad_request" || err.field === null)) {
      throw failed(err.message, err.status);
    }
    throw err;
  }
}

/** An upload error in the screen's own words. */
export function uploadMessage(err: unknown, messages: { too_large: string; bad_type: string; other: string }): string {
  if (err instanceof FormError) {
    if (err.code === "too_large" && err.field !== null) return messages.too_large;
    if (err.code === "bad_type") return messages.bad_type;
    return err.message;
  }
  return messages.other;
}

/** Deletes a file that an entity no longer references; a failure is logged, never shown. */
export async function removeFile(context: AppContext, key: string | null | undefined) {
  if (!key) return;
  try {
    await context.storage.delete(key);
  } catch (err) {
    log("error", "could not delete a stored file", { key, ...errorFields(err) });
  }
}

export function logActionError(what: string, err: unknown) {
  log("error", "admin action failed", { what, ...errorFields(err) });
}

/** "on"/"true" from a checkbox or a hidden field. */
export const isOn = (v: string | undefined) => v === "on" || v === "true";

/** A storage that keeps the first bytes of each file it stores (the image's header), so an
 * upload's intrinsic size can be read without reading the file again or buffering it. */
export function capturingHeads(storage: Storage, limit = 256 * 1024) {
  const heads = new Map<string, Buffer>();
  const wrapped: Storage = {
    ...storage,
    async put(body, options) {
      const chunks: Buffer[] = [];
      let kept = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          if (kept < limit) {
            chunks.push(chunk.subarray(0, limit - kept));
            kept += Math.min(chunk.length, limit - kept);
          }
          cb(null, chunk);
        },
      });
      const source = Readable.from(body as AsyncIterable<Uint8Array>);
      source.on("error", (err) => tap.destroy(err));
      const file = await storage.put(source.pipe(tap), options);
      heads.set(file.key, Buffer.concat(chunks));
      return file;
    },
  };
  return { storage: wrapped, heads };
}

/** Width and height from an image's first bytes, as displayed: the image service turns photos
 * upright by their EXIF orientation, so a portrait photo stored sideways reports portrait sizes.
 * Null when they cannot be read. */
export async function imageSize(head: Buffer | undefined): Promise<{ width: number | null; height: number | null }> {
  if (!head) return { width: null, height: null };
  try {
    const { autoOrient } = await sharp(head, { failOn: "none" }).metadata();
    return { width: autoOrient.width ?? null, height: autoOrient.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

/** A storage for a form's file that is read, never kept (the questionnaire's export, decision 076):
 * `put` holds the bytes in memory, refused past the file's maxBytes while they stream (the same
 * FormError as a stored upload), and `bytes(key)` gives them to the action. */
export function readingInMemory(): { storage: Storage; bytes: (key: string) => Buffer | undefined } {
  const kept = new Map<string, Buffer>();
  let n = 0;
  const storage: Storage = {
    async put(body, options) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > options.maxBytes) throw new StorageError("too_large", "El fitxer és massa gran.");
        chunks.push(Buffer.from(chunk));
      }
      if (size === 0) throw new StorageError("empty", "El fitxer és buit.");
      const key = `memory/${++n}`;
      kept.set(key, Buffer.concat(chunks));
      return { key, contentType: "application/octet-stream", size };
    },
    get: async () => null,
    stat: async () => null,
    delete: async (key) => void kept.delete(key),
    exists: async (key) => kept.has(key),
    list: async () => [],
  };
  return { storage, bytes: (key) => kept.get(key) };
}
