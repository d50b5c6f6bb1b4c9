import type { Storage } from "./storage.server";
import { isCleanText, readMultipart, UploadError } from "./uploads.server";

// The one way to read a text form (the public forms, the sign-in): with a size limit, and
// strictly. Browsers send these url-encoded in UTF-8; a body that is too large, that is not a
// form, or whose text is not UTF-8 or holds a NUL (PostgreSQL refuses it in text) is refused
// with a clear 4xx, never read into replacement characters or left to fail in the database.

export type FormErrorCode = "too_large" | "bad_request";

export class FormError extends Error {
  override name = "FormError";
  constructor(readonly code: FormErrorCode) {
    super(code === "too_large" ? "El formulari és massa gran." : "Petició no vàlida.");
  }
}

/** Reads what is left of a body and throws it away. A refused request is read to its end rather
 * than cancelled: cancelling destroys the connection, and the client would get no answer. */
export function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      // the client went away: nothing left to read
    }
  })();
}

/** The fields of a url-encoded or multipart text form (the first value of each name); files in a
 * multipart form are skipped, never stored. */
export async function readForm(request: Request, storage: Storage, maxBytes: number): Promise<Record<string, string>> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    try {
      return (await readMultipart(request, storage, {}, { maxBytes, maxFieldBytes: maxBytes })).fields;
    } catch (err) {
      if (err instanceof UploadError) throw new FormError(err.code === "too_large" ? "too_large" : "bad_request");
      throw err;
    }
  }
  // No type at all is read as url-encoded, as before; any other type is not a form.
  if (type && !type.startsWith("application/x-www-form-urlencoded")) throw new FormError("bad_request");
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw new FormError("too_large");

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        drain(reader);
        throw new FormError("too_large");
      }
      chunks.push(value);
    }
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) {
    if (!isCleanText(name) || !isCleanText(value)) throw new FormError("bad_request");
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}
