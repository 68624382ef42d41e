/**
 * Reads a byte stream until it ends or grows past `maxBytes`. On overflow
 * the reader is left where it stopped: the caller decides whether to cancel
 * it (a download) or to drain it (a request body whose answer must arrive).
 */
export async function readUpTo(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<{ bytes: Buffer; size: number } | { overflow: true; size: number }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), size };
    size += value.byteLength;
    if (size > maxBytes) return { overflow: true, size };
    chunks.push(value);
  }
}
