import { mkdir, readFile, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { InputError } from "../../errors";
import { PUBLISHED_METADATA_FILE, type TechDocsMetadata } from "../site";
import { contentTypeOf } from "./content-types";
import { createS3Client, type S3Client } from "./s3-client.server";

// Where built sites are published and read back from: a folder on this
// machine (techdocs.publisher.type: local) or an S3-compatible bucket
// (awsS3). A site lives under `{namespace}/{kind}/{name}/`, lower case, as
// Backstage's publishers lay it out (app/lib/techdocs/site.ts), so a site
// published by Backstage's techdocs-cli in CI is read as it is.
//
// Publishing writes every file, the metadata last, then removes the files the
// previous build had and this one has not: a reader sees the old site or
// the new one, page by page, and never metadata that names missing files.

export type SiteKey = { namespace: string; kind: string; name: string };

/** A published file is read whole; larger ones are refused. */
export const MAX_PUBLISHED_FILE_BYTES = 32 * 1024 * 1024;

export type Publisher = {
  readonly type: "local" | "awsS3";
  /** A file of a published site, or undefined when it is not there. `file` is relative to the site's folder, already checked. */
  readFile(site: SiteKey, file: string): Promise<Uint8Array | undefined>;
  publish(site: SiteKey, files: Map<string, Uint8Array | string>): Promise<void>;
};

export function sitePrefixOf(site: SiteKey): string {
  return [site.namespace, site.kind, site.name].map((part) => part.toLocaleLowerCase("en-US")).join("/");
}

/** A site-relative file path that names a file inside the site: no empty, '.' or '..' segment, no backslash or NUL. */
export function checkedSitePath(file: string): string {
  const segments = file.split("/");
  if (!file || segments.some((segment) => segment === "" || segment === "." || segment === ".." || segment.includes("\\") || segment.includes("\0"))) {
    throw new InputError(`Invalid path '${file}'`);
  }
  return file;
}

type ObjectStore = {
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
};

function publisherOver(type: Publisher["type"], store: ObjectStore): Publisher {
  const keyOf = (site: SiteKey, file: string) => `${sitePrefixOf(site)}/${checkedSitePath(file)}`;
  return {
    type,
    readFile: async (site, file) => store.get(keyOf(site, file)),
    async publish(site, files) {
      const previous = await store.get(keyOf(site, PUBLISHED_METADATA_FILE)).then(
        (bytes) => (bytes ? (JSON.parse(Buffer.from(bytes).toString("utf8")) as TechDocsMetadata) : undefined),
        () => undefined,
      );
      const encoded = (value: Uint8Array | string) => (typeof value === "string" ? new Uint8Array(Buffer.from(value, "utf8")) : value);
      const names = [...files.keys()].map(checkedSitePath);
      // A few at a time: fast on S3, gentle on a disk.
      const queue = names.filter((name) => name !== PUBLISHED_METADATA_FILE);
      await Promise.all(
        Array.from({ length: Math.min(8, queue.length) }, async () => {
          for (let name = queue.shift(); name !== undefined; name = queue.shift()) await store.put(keyOf(site, name), encoded(files.get(name)!), contentTypeOf(name));
        }),
      );
      const metadata = files.get(PUBLISHED_METADATA_FILE);
      if (metadata !== undefined) await store.put(keyOf(site, PUBLISHED_METADATA_FILE), encoded(metadata), contentTypeOf(PUBLISHED_METADATA_FILE));
      const kept = new Set(names);
      for (const stale of previous?.files ?? []) {
        if (typeof stale !== "string" || kept.has(stale)) continue;
        try {
          await store.remove(keyOf(site, stale));
        } catch {
          // A stale file left behind is harmless: nothing links it any more.
        }
      }
    },
  };
}

/** Sites as files under `directory`. */
export function createLocalPublisher(directory: string): Publisher {
  const root = path.resolve(directory);
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new InputError(`Invalid path '${key}'`);
    return file;
  };
  return publisherOver("local", {
    async get(key) {
      const file = fileOf(key);
      // A folder CI writes into could hold a symlink: only files really inside the publish directory are served.
      const real = await realpath(file).catch(() => undefined);
      const realRoot = await realpath(root).catch(() => root);
      if (!real || !real.startsWith(realRoot + path.sep)) return undefined;
      const info = await stat(real).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      if (info.size > MAX_PUBLISHED_FILE_BYTES) throw new InputError(`${key} is larger than ${MAX_PUBLISHED_FILE_BYTES} bytes`);
      return readFile(real).catch(() => undefined);
    },
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  });
}

export type AwsS3PublisherConfig = {
  bucketName: string;
  region?: string;
  endpoint?: string;
  s3ForcePathStyle?: boolean;
  bucketRootPath?: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
};

/** Sites as objects of a bucket, below bucketRootPath when set. */
export function createAwsS3Publisher(config: AwsS3PublisherConfig, client?: S3Client): Publisher {
  const s3 =
    client ??
    createS3Client({
      bucket: config.bucketName,
      region: config.region ?? "us-east-1",
      endpoint: config.endpoint,
      forcePathStyle: config.s3ForcePathStyle,
      credentials: config.credentials,
    });
  const root = (config.bucketRootPath ?? "").replace(/^\/+|\/+$/g, "");
  const keyOf = (key: string) => (root ? `${root}/${key}` : key);
  return publisherOver("awsS3", {
    get: (key) => s3.getObject(keyOf(key), MAX_PUBLISHED_FILE_BYTES),
    put: (key, body, contentType) => s3.putObject(keyOf(key), body, contentType),
    remove: (key) => s3.deleteObject(keyOf(key)),
  });
}
