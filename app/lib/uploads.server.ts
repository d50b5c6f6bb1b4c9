import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { StorageError, type PutOptions, type Storage, type StoredFile } from "./storage.server";

// The one way to receive a multipart form with files: fields are collected, each expected
// file is streamed straight into storage (size limit and type check while streaming), and on
// any failure every file already stored for this request is deleted, so a failed request
// leaves no orphan file.

export type UploadErrorCode = "bad_request" | "too_large" | "bad_type" | "empty" | "bad_text";

export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    readonly code: UploadErrorCode,
    /** The form field the error is about, when there is one. */
    readonly field: string | null,
    message: string,
  ) {
    super(message);
  }
}

export interface MultipartLimits {
  /** Largest text field, in bytes. */
  maxFieldBytes?: number;
  maxFields?: number;
  /** Largest body, in bytes, counted as it streams (parts that are skipped count too). */
  maxBytes?: number;
}

/** False for text that came from bytes that were not UTF-8 (decoded as U+FFFD) or holds a NUL,
 * which no browser form sends and PostgreSQL refuses in text. */
export const isCleanText = (value: string) => !value.includes("\u0000") && !value.includes("\uFFFD");

export interface Multipart<F extends string> {
  fields: Record<string, string>;
  files: Partial<Record<F, StoredFile>>;
  /** Deletes the stored files: for when validation or the database refuses the rest. */
  discard(): Promise<void>;
}

export async function readMultipart<F extends string>(
  request: Request,
  storage: Storage,
  specs: Record<F, PutOptions>,
  { maxFieldBytes = 64 * 1024, maxFields = 50, maxBytes = Infinity }: MultipartLimits = {},
): Promise<Multipart<F>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw new UploadError("bad_request", null, "La petició no és un formulari amb fitxers.");
  }
  const stored: StoredFile[] = [];
  const discard = async () => {
    await Promise.all(stored.splice(0).map((f) => storage.delete(f.key)));
  };
  const body = Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>);

  try {
    const result = await new Promise<Omit<Multipart<F>, "discard">>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { "content-type": contentType },
          limits: {
            fieldSize: maxFieldBytes,
            fields: maxFields,
            files: Object.keys(specs).length,
            parts: maxFields + Object.keys(specs).length,
          },
        });
      } catch {
        return reject(new UploadError("bad_request", null, "La petició no és un formulari amb fitxers."));
      }
      const fields: Record<string, string> = {};
      const files: Partial<Record<F, StoredFile>> = {};
      const puts: Promise<void>[] = [];
      const streams = new Set<Readable>();
      let failed = false;
      // Stop parsing, abort the files still streaming, and answer once every store has
      // settled, so the caller's cleanup sees every file that was written. The rest of the body
      // is read and thrown away, not destroyed: destroying it would close the connection, and
      // the client would never get the answer.
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        body.unpipe(parser);
        body.resume();
        for (const stream of streams) stream.destroy(new Error("aborted"));
        void Promise.allSettled(puts).then(() => reject(err));
      };

      parser.on("field", (name, value, info) => {
        if (failed) return;
        if (info.valueTruncated) return fail(new UploadError("too_large", name, "Un camp del formulari és massa llarg."));
        if (!isCleanText(value)) return fail(new UploadError("bad_text", name, "Petició no vàlida."));
        fields[name] = value;
      });
      parser.on("file", (name, stream, info) => {
        stream.on("error", () => {}); // reported through the store or the parser, not here
        const spec = (specs as Record<string, PutOptions | undefined>)[name];
        // After a failure the parser still emits the parts already in its buffer: a file stored
        // then would miss the cleanup and stay behind (found by scripts/fuzz.mjs).
        if (failed || !spec || name in files || !info.filename) {
          stream.resume(); // an unexpected or empty file input: read past it
          return;
        }
        streams.add(stream);
        puts.push(
          storage
            .put(stream, spec)
            .finally(() => streams.delete(stream))
            .then(
              (file) => {
                stored.push(file);
                files[name as F] = file;
              },
              (err: unknown) => {
                if (failed) return;
                stream.resume();
                if (err instanceof StorageError) {
                  // An empty file input behaves as "no file chosen".
                  if (err.code === "empty") return;
                  return fail(new UploadError(err.code, name, err.message));
                }
                fail(err);
              },
            ),
        );
      });
      parser.on("fieldsLimit", () => fail(new UploadError("bad_request", null, "El formulari té massa camps.")));
      parser.on("partsLimit", () => fail(new UploadError("bad_request", null, "El formulari té massa parts.")));
      parser.on("error", () => fail(new UploadError("bad_request", null, "El formulari no s'ha pogut llegir.")));
      parser.on("close", () => {
        void Promise.all(puts).then(() => {
          if (!failed) resolve({ fields, files });
        });
      });
      body.on("error", () => fail(new UploadError("bad_request", null, "La pujada s'ha interromput.")));
      let size = 0;
      body.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(new UploadError("too_large", null, "El formulari és massa gran."));
      });
      body.pipe(parser);
    });
    return { ...result, discard };
  } catch (err) {
    await discard();
    throw err;
  }
}
