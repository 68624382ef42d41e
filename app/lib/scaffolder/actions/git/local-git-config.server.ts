import path from "node:path";
import type { AtriumConfig } from "../../../config/schema";
import { createLocalGit, type LocalGit } from "./local-git.server";

// scaffolder.localGit from the loaded config. Without a root, the
// repositories live in git/ beside the SQLite database (the data directory
// the embedded default already keeps, ./data), so one volume holds both.
// Clone and browse URLs are pages of the portal: they start with app.baseUrl.

export function localGitRootOf(config: AtriumConfig, rootDir: string): string {
  const configured = config.scaffolder.localGit.root;
  if (configured) return path.resolve(rootDir, configured);
  const connection = config.backend.database?.connection;
  const directory = typeof connection === "object" && connection.directory ? connection.directory : "data";
  return path.resolve(rootDir, directory, "git");
}

export function localGitFromConfig(config: AtriumConfig, rootDir: string): LocalGit {
  return createLocalGit({ root: localGitRootOf(config, rootDir), host: config.scaffolder.localGit.host, baseUrl: config.app.baseUrl });
}
