import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { commaSeparated, jsonBodyText, jsonBytes, jsonText } from "./content-encoding.server";

// Entities' texts as the catalog stores them: mostly ASCII, some not.
const ascii = JSON.stringify({ kind: "Component", metadata: { name: "billing", description: "Bills customers" } });
const accented = JSON.stringify({ kind: "Group", metadata: { name: "zurich", title: "Zürich Büro", description: "Équipe à Genève" } });
const wide = JSON.stringify({ kind: "User", metadata: { name: "tanaka", title: "田中 太郎 🏠" } });
// A lone surrogate is not UTF-8: it is written as U+FFFD, as Buffer.from writes it.
const broken = `{"note":"${"\uD800"}"}`;

const utf8 = (text: string) => Buffer.from(text, "utf8");

describe("jsonBytes", () => {
  it("writes a body given as pieces as the UTF-8 of the pieces joined, ASCII or not", () => {
    const pieces = ['{"items":[', ...commaSeparated([ascii, accented, wide, broken, "null"]), "]}"];
    const bytes = jsonBytes(pieces);
    expect(bytes.equals(utf8(pieces.join("")))).toBe(true);
    expect(JSON.parse(bytes.toString("utf8")).items.map((item: { metadata?: { title?: string } } | null) => item?.metadata?.title)).toEqual([
      undefined,
      "Zürich Büro",
      "田中 太郎 🏠",
      undefined,
      undefined,
    ]);
  });

  it("writes a whole text, and nothing for no pieces", () => {
    expect(jsonBytes(accented).equals(utf8(accented))).toBe(true);
    expect(jsonBytes([]).length).toBe(0);
    expect(jsonBodyText(["[", ...commaSeparated([]), "]"])).toBe("[]");
    expect(jsonBodyText(["[", ...commaSeparated(["1", "2"]), "]"])).toBe("[1,2]");
  });
});

describe("jsonText", () => {
  const request = (acceptEncoding?: string) => new Request("http://localhost/api/catalog/entities/by-refs", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("gives a short answer its length in bytes, not in characters", async () => {
    const response = await jsonText(request("gzip"), ['{"items":[', wide, "]}"]);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(Number(response.headers.get("content-length"))).toBe(body.length);
    expect(body.length).toBeGreaterThan(`{"items":[${wide}]}`.length);
    expect(JSON.parse(body.toString("utf8")).items[0].metadata.title).toBe("田中 太郎 🏠");
  });

  it("gzips a longer answer for a client that accepts it, and sends it as it is to one that does not", async () => {
    const pieces = ['{"items":[', ...commaSeparated(Array.from({ length: 40 }, (_, index) => (index % 2 ? accented : ascii))), "]}"];
    const gzipped = await jsonText(request("gzip, deflate, br"), pieces);
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("content-type")).toBe("application/json");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString("utf8")).toBe(pieces.join(""));

    const plain = await jsonText(request(), pieces);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(pieces.join(""));
  });
});
