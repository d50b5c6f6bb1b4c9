import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type GetObjectCommandOutput,
  type HeadObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  checkPrefix,
  contentTypeOf,
  isValidKey,
  newKey,
  StorageError,
  typeGuard,
  type Storage,
  type StoredObject,
} from "~/infra/storage.server";

const STORE_UNAVAILABLE = "No s'ha pogut desar el fitxer: l'emmagatzematge no respon. Torna-ho a provar d'aquí a un moment.";

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible server's address (MinIO, Garage, a provider's); unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's own chain (environment, instance role) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key), as most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix ("" or ending in "/"), so a bucket can be shared. */
  prefix: string;
}

/** Upload parts: S3's minimum part size, two at a time, so an upload holds at most ~10 MB in memory
 * however large the file. A smaller file goes in one PUT once it has been read. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

const isMissing = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Files in an S3-compatible bucket (decision 018). Uploads stream through the same size and type
 * guard as on disk; there is no temporary file (an interrupted multipart upload is aborted by
 * lib-storage, or by the bucket's lifecycle rule after a crash). */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer on every upload)
    // is not understood by every S3-compatible server.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Clau d'emmagatzematge no vàlida: ${key}`);
    return `${options.prefix}${key}`;
  };
  const described = (key: string, out: HeadObjectCommandOutput | GetObjectCommandOutput, size: number): StoredObject => ({
    key,
    size,
    contentType: out.ContentType ?? contentTypeOf(key),
    etag: out.ETag ?? `"${size}"`,
    modifiedAt: out.LastModified?.getTime() ?? 0,
  });

  return {
    async put(body, { maxBytes, accept, prefix }) {
      // The key's extension comes from the bytes, so the object is named once the first bytes are in;
      // the pipeline is attached at once (an error in the body before it would be unhandled).
      checkPrefix(prefix);
      const guard = typeGuard({ maxBytes, accept });
      const out = new PassThrough();
      const flowing = pipeline(body as Readable, guard.stream, out);
      // Which side failed first: the body (too large, the wrong type, the client gone), or S3.
      let first: "body" | "store" | undefined;
      flowing.catch(() => (first ??= "body"));
      const type = await guard.contentType.catch(async (err: unknown) => {
        await flowing.catch(() => {});
        throw err;
      });
      const key = newKey(prefix, type);
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: out, ContentType: contentTypeOf(key) },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      const uploaded = upload.done();
      // A failed upload stops the body too, so that the pipeline does not wait for a reader.
      uploaded.catch((err: unknown) => {
        first ??= "store";
        out.destroy(err as Error);
      });
      const [flow, up] = await Promise.allSettled([flowing, uploaded]);
      // S3 away (refused, reset, timed out, its own 5xx after the SDK's retries): nothing stored,
      // said as such (decision 060).
      if (up.status === "rejected" && first === "store") throw new StorageError("unavailable", STORE_UNAVAILABLE, { cause: up.reason });
      if (flow.status === "rejected") {
        if (up.status === "fulfilled") await this.delete(key);
        throw flow.reason;
      }
      if (up.status === "rejected") throw up.reason;
      return { key, contentType: type, size: guard.size() };
    },

    async stat(key) {
      if (!isValidKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return described(key, head, head.ContentLength ?? 0);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async get(key, range) {
      if (!isValidKey(key)) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // The whole file's size: from Content-Range when only a part was asked for.
        const total = Number(object.ContentRange?.split("/")[1] ?? object.ContentLength ?? 0);
        return { ...described(key, object, total), body: object.Body as Readable };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async exists(key) {
      return (await this.stat(key)) !== null;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async list() {
      const files: { key: string; modifiedAt: number }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: options.prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(options.prefix.length) ?? "";
          // Anything else under the prefix is not one of our files.
          if (isValidKey(key)) files.push({ key, modifiedAt: object.LastModified?.getTime() ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files;
    },
  };
}
