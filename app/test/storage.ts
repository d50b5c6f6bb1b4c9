import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { createLocalStorage } from "~/infra/storage-disk.server";
import type { Storage } from "~/infra/storage.server";
import { createS3Storage, type S3StorageOptions } from "~/infra/storage-s3.server";
import { movedClock } from "./clock";

export type StorageBackend = "local" | "s3";

/** Every storage test runs on the local disk and on a real S3-compatible server (s3rver, from npm,
 * started by the test on loopback). Not in the moved-clock run (decision 015): s3rver checks each
 * signed request against the real clock, like any S3 server, and the run's clock is a year ahead. */
export const storageBackends = (): StorageBackend[] => (movedClock() ? ["local"] : ["local", "s3"]);

export interface TestStorage {
  storage: Storage;
  /** The local disk backend's folder. */
  root?: string;
  /** Says a stored file was last written `ms` ago, on the test's clock. */
  age(key: string, ms: number): void;
  /** The file's bytes as the backend keeps them, read past the interface. */
  bytes(key: string): Buffer;
  /** Every file the backend keeps, temporary ones and parts of uploads included. */
  files(): string[];
  close(): Promise<void>;
}

const BUCKET = "pb-test";
const PREFIX = "site/";

/** An S3-compatible server on 127.0.0.1 with an empty bucket: the settings to reach it, and where it
 * keeps the objects on disk. */
export async function startS3Server(): Promise<{ settings: S3StorageOptions; directory: string; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pb-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  const { port } = await server.run();
  const settings: S3StorageOptions = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    prefix: PREFIX,
  };
  const client = new S3Client({ ...settings, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  client.destroy();
  return {
    settings,
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export async function createTestStorage(backend: StorageBackend): Promise<TestStorage> {
  if (backend === "local") {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-storage-"));
    const file = (key: string) => path.join(root, key);
    return {
      storage: createLocalStorage(root),
      root,
      age: (key, ms) => setAge(file(key), ms),
      bytes: (key) => fs.readFileSync(file(key)),
      files: () => filesUnder(root),
      close: async () => fs.rmSync(root, { recursive: true, force: true }),
    };
  }
  const server = await startS3Server();
  // Where s3rver keeps an object: its Last-Modified is that file's time of writing.
  const file = (key: string) => {
    const parts = `${PREFIX}${key}`.split("/");
    return path.join(server.directory, BUCKET, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
  };
  return {
    storage: createS3Storage(server.settings),
    age: (key, ms) => setAge(file(key), ms),
    bytes: (key) => fs.readFileSync(file(key)),
    // s3rver keeps an object as three files (bytes, metadata, MD5). It does not implement
    // AbortMultipartUpload, which lib-storage sends when an upload fails, so the parts of a refused
    // upload stay in its ._S3rver_uploads folder: not objects, never listed (S3 itself removes them).
    files: () =>
      filesUnder(server.directory).filter(
        (name) => !name.includes("._S3rver_uploads/") && !name.endsWith("._S3rver_metadata.json") && !name.endsWith("._S3rver_object.md5"),
      ),
    close: server.close,
  };
}

function setAge(file: string, ms: number) {
  const when = (Date.now() - ms) / 1000;
  fs.utimesSync(file, when, when);
}

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
