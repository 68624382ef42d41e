import type { TemplateAction } from "../types";
import type { SourceReader } from "../fetch/source.server";
import { createCatalogRegisterAction, type CatalogLocationAdder } from "./catalog-register.server";
import { createFetchCatalogEntityAction, type CatalogEntityReader } from "./catalog-fetch.server";
import { createCatalogWriteAction } from "./catalog-write.server";
import { createDebugLogAction } from "./debug-log.server";
import { createWaitAction } from "./debug-wait.server";
import { createFetchPlainAction, createFetchPlainFileAction } from "./fetch-plain.server";
import { createFetchTemplateAction, createFetchTemplateFileAction, type LoadTemplateRenderer } from "./fetch-template.server";
import { createFilesystemDeleteAction } from "./fs-delete.server";
import { createFilesystemRenameAction } from "./fs-rename.server";

// The built-in actions other than publishing (app/lib/scaffolder/actions/
// publish/ and git/ bring those), in the order Backstage's
// createBuiltinActions lists them.

export type BuiltinActionOptions = {
  /** Reads what an http(s) template location points at: the catalog's URL reader, configured hosts only. */
  reader: SourceReader;
  catalog: { entities: CatalogEntityReader; locations: CatalogLocationAdder };
  loadRenderer: LoadTemplateRenderer;
};

export function createBuiltinActions(options: BuiltinActionOptions): TemplateAction[] {
  const { reader, catalog, loadRenderer } = options;
  const actions = [
    createFetchPlainAction({ reader }),
    createFetchPlainFileAction({ reader }),
    createFetchTemplateAction({ reader, loadRenderer }),
    createFetchTemplateFileAction({ reader, loadRenderer }),
    createDebugLogAction(),
    createWaitAction(),
    createCatalogRegisterAction({ locations: catalog.locations, reader }),
    createFetchCatalogEntityAction({ entities: catalog.entities }),
    createCatalogWriteAction(),
    createFilesystemDeleteAction(),
    createFilesystemRenameAction(),
  ];
  return actions as unknown as TemplateAction[];
}
