import { gunzipSync } from "node:zlib";
import { InputError } from "../../errors";

// The files of a tar archive (ustar, with pax and GNU long names), as the
// source hosts serve a repository: GitHub's tarball, GitLab's archive, git
// archive for the portal's own repositories. Only regular files are kept;
// links of any kind are refused, so nothing in an archive can point outside
// it. Limits are checked as the archive is read.

export type TreeLimits = { maxBytes: number; maxFiles: number };

export type TarFile = { path: string; data: Uint8Array };

const BLOCK = 512;

function text(block: Uint8Array, start: number, length: number): string {
  const slice = block.subarray(start, start + length);
  const end = slice.indexOf(0);
  return Buffer.from(end < 0 ? slice : slice.subarray(0, end)).toString("utf8");
}

function octal(block: Uint8Array, start: number, length: number): number {
  const value = text(block, start, length).trim();
  return value ? parseInt(value, 8) : 0;
}

function paxPath(data: Uint8Array): string | undefined {
  // Records: "<length> <key>=<value>\n"
  const body = Buffer.from(data).toString("utf8");
  let offset = 0;
  let found: string | undefined;
  while (offset < body.length) {
    const space = body.indexOf(" ", offset);
    if (space < 0) break;
    const length = Number(body.slice(offset, space));
    if (!Number.isInteger(length) || length <= 0) break;
    const record = body.slice(space + 1, offset + length - 1);
    const eq = record.indexOf("=");
    if (record.slice(0, eq) === "path") found = record.slice(eq + 1);
    offset += length;
  }
  return found;
}

/**
 * The regular files of a (gzipped, when it starts with gzip's magic) tar
 * archive that `select` keeps, at the path it gives them (undefined skips a
 * file): the docs folder of a whole repository's archive.
 */
export function readTar(archive: Uint8Array, limits: TreeLimits, select: (path: string) => string | undefined = (path) => path): TarFile[] {
  const bytes = archive[0] === 0x1f && archive[1] === 0x8b ? gunzipSync(archive, { maxOutputLength: limits.maxBytes + limits.maxFiles * 2 * BLOCK + 1024 * 1024 }) : archive;
  const files: TarFile[] = [];
  let total = 0;
  let offset = 0;
  let longName: string | undefined;
  while (offset + BLOCK <= bytes.length) {
    const header = bytes.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 48);
    const prefix = text(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    const dataStart = offset + BLOCK;
    const data = bytes.subarray(dataStart, dataStart + size);
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "x") {
      longName = paxPath(data);
      continue;
    }
    if (type === "L") {
      longName = text(data, 0, data.length);
      continue;
    }
    if (type === "g") continue;
    longName = undefined;
    if (type === "5") continue;
    const kept = select(name);
    if (kept === undefined) continue;
    if (type === "1" || type === "2") throw new InputError(`The documentation's sources hold a link, '${kept}', which TechDocs does not follow`);
    if (type !== "0" && type !== "7") continue;
    total += size;
    if (total > limits.maxBytes) throw new InputError(`The documentation's sources are larger than ${limits.maxBytes} bytes`);
    files.push({ path: kept, data: new Uint8Array(data) });
    if (files.length > limits.maxFiles) throw new InputError(`The documentation's sources hold more than ${limits.maxFiles} files`);
  }
  return files;
}
