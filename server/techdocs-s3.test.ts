import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { startFakeS3, type FakeS3 } from "../tests/support/fake-s3";
import { API_AUTHORIZATION, startServer, writeConfig, type RunningServer } from "../tests/support/server";

// techdocs.builder: external with an S3 publisher, as Backstage's
// recommended set-up: CI builds and publishes the site to a bucket (here
// written straight into the fake S3), and Atrium never builds, it reads
// what is there through signed requests (the fake checks every signature).

describe("TechDocs with an external builder and an S3 publisher", () => {
  let s3: FakeS3;
  let server: RunningServer;
  const api = (path: string) => fetch(`${server.url}/api/techdocs${path}`, { headers: API_AUTHORIZATION, redirect: "manual" });

  beforeAll(async () => {
    s3 = await startFakeS3({ buckets: ["ci-docs"] });
    const objects = s3.buckets.get("ci-docs")!;
    const put = (key: string, body: string, contentType: string) => objects.set(`sites/${key}`, { body: Buffer.from(body), contentType });
    // What Backstage's techdocs-cli publishes: mkdocs' site, its metadata, lower-case triplet paths.
    put("default/component/handbook/index.html", '<html><body><article class="md-content__inner md-typeset"><h1>Handbook from CI</h1></article></body></html>', "text/html");
    put(
      "default/component/handbook/techdocs_metadata.json",
      JSON.stringify({ site_name: "Handbook", site_description: "", etag: "ci-1", build_timestamp: 1700000000000, files: ["index.html"] }),
      "application/json",
    );
    const catalogFile = writeConfig(
      JSON.stringify({
        apiVersion: "backstage.io/v1alpha1",
        kind: "Component",
        metadata: { name: "handbook", annotations: { "backstage.io/techdocs-ref": "dir:." } },
        spec: { type: "service", owner: "team-a", lifecycle: "production" },
      }),
    );
    server = await startServer(`
catalog:
  locations:
    - type: file
      target: ${catalogFile}
  rules: [{ allow: [Component, Location] }]
techdocs:
  builder: external
  publisher:
    type: awsS3
    awsS3:
      bucketName: ci-docs
      region: ${s3.region}
      endpoint: ${s3.url}
      s3ForcePathStyle: true
      bucketRootPath: /sites/
      credentials:
        accessKeyId: ${s3.accessKeyId}
        secretAccessKey: ${s3.secretAccessKey}
`);
    await eventually(async () => (await api("/metadata/entity/default/component/handbook")).ok, "the catalog to hold the entity", 20_000);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await s3?.close();
  });

  it("never builds: a sync answers finish with updated false", async () => {
    const response = await fetch(`${server.url}/api/techdocs/sync/default/component/handbook`, { headers: { ...API_AUTHORIZATION, accept: "text/event-stream" } });
    expect(await response.text()).toBe('event: finish\ndata: {"updated":false}\n\n');
    expect([...s3.buckets.get("ci-docs")!.keys()].every((key) => key.startsWith("sites/"))).toBe(true);
  });

  it("serves the site CI published, read from the bucket with signed requests", async () => {
    const page = await api("/static/docs/default/Component/handbook/index.html");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Handbook from CI");
    expect(await (await api("/metadata/techdocs/default/component/handbook")).json()).toMatchObject({ etag: "ci-1", site_name: "Handbook" });
    expect((await api("/static/docs/default/component/handbook/missing.png")).status).toBe(404);
    expect(s3.requests.filter((request) => request.status === 403)).toEqual([]);
    expect(s3.requests.some((request) => request.path === "/ci-docs/sites/default/component/handbook/index.html")).toBe(true);
  });
});
