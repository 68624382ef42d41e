import { readFile } from "node:fs/promises";
import { parseAllDocuments } from "yaml";
import type { DevUser } from "./dev-idp.server.ts";

// The users of `npm run dev:idp` when it runs on its own: the User entities
// of YAML files (by default the example organisation's org.yaml), read the
// way the catalog would name them.

export async function readUsersFromFiles(files: string[]): Promise<DevUser[]> {
  const users: DevUser[] = [];
  for (const file of files) {
    for (const document of parseAllDocuments(await readFile(file, "utf8"))) {
      const entity = document.toJS({ maxAliasCount: 100 }) as {
        kind?: string;
        metadata?: { name?: string; namespace?: string };
        spec?: { profile?: { email?: string; displayName?: string; picture?: string } };
      } | null;
      if (entity?.kind?.toLowerCase() !== "user" || !entity.metadata?.name) continue;
      const namespace = entity.metadata.namespace ?? "default";
      users.push({
        id: `user:${namespace}/${entity.metadata.name}`.toLocaleLowerCase("en-US"),
        username: entity.metadata.name,
        email: entity.spec?.profile?.email,
        name: entity.spec?.profile?.displayName,
        picture: entity.spec?.profile?.picture,
      });
    }
  }
  return users;
}
