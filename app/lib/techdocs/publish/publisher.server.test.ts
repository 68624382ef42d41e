import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3, type FakeS3 } from "../../../../tests/support/fake-s3";
import { createAwsS3Publisher, createLocalPublisher, type Publisher } from "./publisher.server";

const site = { namespace: "Default", kind: "Component", name: "Payments" };
const metadata = (files: string[]) => JSON.stringify({ site_name: "Payments", site_description: "", etag: "e1", build_timestamp: 1, files });

let s3: FakeS3;
let folder: string;
beforeAll(async () => {
  s3 = await startFakeS3({ buckets: ["docs-bucket"] });
  folder = mkdtempSync(path.join(tmpdir(), "atrium-techdocs-publish-"));
});
afterAll(async () => {
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
});

function roundTrips(name: string, make: () => Publisher) {
  describe(name, () => {
    it("publishes a site under its lower-case triplet and reads it back, removing what the next build dropped", async () => {
      const publisher = make();
      await publisher.publish(
        site,
        new Map<string, string | Uint8Array>([
          ["index.html", "<p>home</p>"],
          ["old/index.html", "<p>old</p>"],
          ["img/logo with space.png", new Uint8Array([1, 2, 3])],
          ["techdocs_metadata.json", metadata(["index.html", "old/index.html", "img/logo with space.png", "techdocs_metadata.json"])],
        ]),
      );
      expect(Buffer.from((await publisher.readFile(site, "index.html"))!).toString()).toBe("<p>home</p>");
      expect([...(await publisher.readFile(site, "img/logo with space.png"))!]).toEqual([1, 2, 3]);
      await publisher.publish(
        site,
        new Map([
          ["index.html", "<p>home 2</p>"],
          ["techdocs_metadata.json", metadata(["index.html", "techdocs_metadata.json"])],
        ]),
      );
      expect(Buffer.from((await publisher.readFile(site, "index.html"))!).toString()).toBe("<p>home 2</p>");
      expect(await publisher.readFile(site, "old/index.html")).toBeUndefined();
      expect(await publisher.readFile({ namespace: "default", kind: "component", name: "payments" }, "index.html")).toBeDefined();
    });

    it("refuses paths that leave the site", async () => {
      const publisher = make();
      await expect(publisher.readFile(site, "../other/index.html")).rejects.toThrow("Invalid path");
      await expect(publisher.publish(site, new Map([["a/../../x", "x"]]))).rejects.toThrow("Invalid path");
    });
  });
}

roundTrips("the local publisher", () => createLocalPublisher(folder));
roundTrips("the awsS3 publisher on a fake S3 that checks SigV4", () =>
  createAwsS3Publisher({
    bucketName: "docs-bucket",
    region: s3.region,
    endpoint: s3.url,
    s3ForcePathStyle: true,
    bucketRootPath: "portal/docs",
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  }),
);

describe("the awsS3 publisher's storage", () => {
  it("writes objects below bucketRootPath with their content types", () => {
    const objects = s3.buckets.get("docs-bucket")!;
    expect(objects.get("portal/docs/default/component/payments/index.html")?.contentType).toBe("text/html; charset=utf-8");
    expect(objects.has("portal/docs/default/component/payments/old/index.html")).toBe(false);
  });

  it("fails with S3's words when the secret is wrong", async () => {
    const publisher = createAwsS3Publisher({
      bucketName: "docs-bucket",
      region: s3.region,
      endpoint: s3.url,
      s3ForcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: "not-the-secret" },
    });
    await expect(publisher.readFile(site, "index.html")).rejects.toThrow("S3 GET default/component/payments/index.html failed: 403 SignatureDoesNotMatch");
  });
});

describe("the local publisher's folder", () => {
  it("serves no file a symlink in it points outside of it", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "atrium-techdocs-links-"));
    try {
      writeFileSync(path.join(root, "..", `outside-${path.basename(root)}.txt`), "outside");
      mkdirSync(path.join(root, "default", "component", "ci"), { recursive: true });
      symlinkSync(path.join(root, "..", `outside-${path.basename(root)}.txt`), path.join(root, "default", "component", "ci", "leak.html"));
      expect(await createLocalPublisher(root).readFile({ namespace: "default", kind: "component", name: "ci" }, "leak.html")).toBeUndefined();
    } finally {
      rmSync(path.join(root, "..", `outside-${path.basename(root)}.txt`), { force: true });
      rmSync(root, { recursive: true, force: true });
    }
  });
});
