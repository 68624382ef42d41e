import type { Route } from "./+types/dry-run-zip";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { zipArchive } from "~/lib/scaffolder/editor/zip.server";

// A dry-run result of the template editor as a zip (Backstage's "Download
// result as a zip"): the files the dry-run wrote, only for the user who ran it.

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const result = await app.templateEditor.result(settingsOwnerOf(identity), params.resultId);
  if (!result) throw new Response("Dry-run result not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const archive = zipArchive(result.files.map((file) => ({ path: file.path, content: Buffer.from(file.base64Content, "base64"), executable: file.executable })));
  const name = `dry-run-result-${result.n}.zip`;
  return new Response(new Uint8Array(archive), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${name}"`,
      "content-length": String(archive.length),
      "cache-control": "private, no-store",
    },
  });
}
