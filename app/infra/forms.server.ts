import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { StorageError, type PutOptions, type Storage, type StoredFile } from "~/infra/storage.server";

// The one way to read a form's body (every public form, every admin form, the sign-in), with one
// error type. Bounded and strict: a body over its budget is refused (413) before it is read when
// its length says so, or as it streams; a body that is not a form, or whose text is not UTF-8 or
// holds a NUL (PostgreSQL refuses it in text), is refused (400), never read into replacement
// characters or left to fail in the database. Each expected file streams straight into storage
// (its own size limit and type check while it streams); on any failure every file already stored
// for the request is deleted, so a refused request leaves no orphan file.

/** `unavailable`: a file could not be stored for now (S3 away); nothing was kept. */
export type FormErrorCode = "too_large" | "bad_request" | "bad_type" | "unavailable";

const DEFAULT_MESSAGE: Record<FormErrorCode, string> = {
  too_large: "El formulari és massa gran.",
  bad_request: "Petició no vàlida.",
  bad_type: "El tipus de fitxer no és acceptat.",
  unavailable: "No s'ha pogut desar el fitxer ara mateix. Torna-ho a provar d'aquí a un moment.",
};

const FILE_TOO_LARGE = "El fitxer és massa gran.";

/** The HTTP status each error answers with, written once for every form. */
const STATUS: Record<FormErrorCode, number> = { too_large: 413, bad_request: 400, bad_type: 415, unavailable: 503 };

export class FormError extends Error {
  override name = "FormError";
  constructor(
    readonly code: FormErrorCode,
    /** The form field the error is about (a file, a text field), or null for the whole body. */
    readonly field: string | null = null,
    message = DEFAULT_MESSAGE[code],
  ) {
    super(message);
  }

  /** The HTTP status the request is refused with. */
  get status(): number {
    return STATUS[this.code];
  }
}

export interface FormLimits<F extends string> {
  /** The text's budget in bytes: the whole body of a form without files; a form with files may
   * also hold each expected file, up to the file's own limit. */
  maxBytes: number;
  /** The files the form may carry, by field name: anything else is read past, never stored. */
  files?: Record<F, PutOptions>;
  maxFields?: number;
}

export interface SubmittedForm<F extends string> {
  /** The text fields: of a name sent twice, the first value in a url-encoded form, the last in a
   * multipart one (as each has always been read here). */
  fields: Record<string, string>;
  files: Partial<Record<F, StoredFile>>;
  /** Deletes the stored files: for when validation or the database refuses the rest. */
  discard(): Promise<void>;
}

/** False for text that came from bytes that were not UTF-8 (decoded as U+FFFD) or holds a NUL. */
// A multipart part without a name gives busboy an undefined field name: refused like bad text.
const isCleanText = (value: string | undefined) => value !== undefined && !value.includes("\u0000") && !value.includes("\uFFFD");

/** Reads a url-encoded or multipart form. A url-encoded one (or one sent with no type) has no
 * files; any other type is not a form. */
export async function readForm<F extends string = never>(
  request: Request,
  storage: Storage,
  { maxBytes, files = {} as Record<F, PutOptions>, maxFields = 50 }: FormLimits<F>,
): Promise<SubmittedForm<F>> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  if (type && !multipart && !type.startsWith("application/x-www-form-urlencoded")) throw new FormError("bad_request");
  const bodyBytes = Object.values<PutOptions>(files).reduce((sum, spec) => sum + spec.maxBytes, maxBytes);
  // A body over its budget is, from a browser, a file over its limit (the text is small beside
  // it): the error names the form's (first) file, so the screen words it as the file's.
  const file = Object.keys(files)[0];
  const tooLarge = () => (file ? new FormError("too_large", file, FILE_TOO_LARGE) : new FormError("too_large"));
  if (Number(request.headers.get("content-length") ?? "0") > bodyBytes) throw tooLarge();
  if (multipart) return readMultipart(request, storage, files, { maxFieldBytes: maxBytes, maxFields, maxBytes: bodyBytes, tooLarge });
  return { fields: await readUrlEncoded(request, maxBytes), files: {}, discard: async () => {} };
}

/** Reads what is left of a body and throws it away. A refused request is read to its end rather
 * than cancelled: cancelling destroys the connection, and the client would get no answer. */
function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      // the client went away: nothing left to read
    }
  })();
}

async function readUrlEncoded(request: Request, maxBytes: number): Promise<Record<string, string>> {
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
    if (!isCleanText(name) || !isCleanText(value)) throw new FormError("bad_request", name);
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}

async function readMultipart<F extends string>(
  request: Request,
  storage: Storage,
  specs: Record<F, PutOptions>,
  {
    maxFieldBytes,
    maxFields,
    maxBytes,
    tooLarge,
  }: { maxFieldBytes: number; maxFields: number; maxBytes: number; tooLarge: () => FormError },
): Promise<SubmittedForm<F>> {
  if (!request.body) throw new FormError("bad_request");
  const stored: StoredFile[] = [];
  const discard = async () => {
    await Promise.all(stored.splice(0).map((f) => storage.delete(f.key)));
  };
  const body = Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>);
  const fileCount = Object.keys(specs).length;

  try {
    const result = await new Promise<Omit<SubmittedForm<F>, "discard">>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { "content-type": request.headers.get("content-type") ?? "" },
          limits: { fieldSize: maxFieldBytes, fields: maxFields, files: fileCount, parts: maxFields + fileCount },
        });
      } catch {
        return reject(new FormError("bad_request"));
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
        if (info.valueTruncated) return fail(new FormError("too_large", name, "Un camp del formulari és massa llarg."));
        // busboy gives a part without a name as undefined, whatever its types say (found by tests/fuzz).
        if (!isCleanText(name as string | undefined) || !isCleanText(value)) return fail(new FormError("bad_request", name ?? null));
        fields[name] = value;
      });
      parser.on("file", (name, stream, info) => {
        stream.on("error", () => {}); // reported through the store or the parser, not here
        const spec = (specs as Record<string, PutOptions | undefined>)[name];
        // After a failure the parser still emits the parts already in its buffer: a file stored
        // then would miss the cleanup and stay behind (found by tests/fuzz).
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
                if (!(err instanceof StorageError)) return fail(err);
                // An empty file input behaves as "no file chosen".
                if (err.code !== "empty") fail(new FormError(err.code, name, err.message));
              },
            ),
        );
      });
      parser.on("fieldsLimit", () => fail(new FormError("bad_request")));
      parser.on("partsLimit", () => fail(new FormError("bad_request")));
      parser.on("error", () => fail(new FormError("bad_request")));
      parser.on("close", () => {
        void Promise.all(puts).then(() => {
          if (!failed) resolve({ fields, files });
        });
      });
      body.on("error", () => fail(new FormError("bad_request")));
      let size = 0;
      body.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(tooLarge());
      });
      body.pipe(parser);
    });
    return { ...result, discard };
  } catch (err) {
    await discard();
    throw err;
  }
}
