import type { Migration } from "kysely/migration";
import * as catalog from "./0001_catalog";
import * as auth from "./0002_auth";
import * as userSettings from "./0003_user_settings";
import * as authSessionSecrets from "./0004_auth_session_secrets";
import * as kindUidIndex from "./0005_catalog_kind_uid_index";
import * as schedulerTasks from "./0006_scheduler_tasks";
import * as scaffolderTasks from "./0007_scaffolder_tasks";
import * as scaffolderWizardDrafts from "./0008_scaffolder_wizard_drafts";
import * as search from "./0009_search";
import * as searchRank from "./0010_search_rank";
import * as authRevokedSessions from "./0011_auth_revoked_sessions";
import * as nameOrderIndexes from "./0012_catalog_name_order_indexes";
import * as scaffolderEditor from "./0013_scaffolder_editor";
import * as finalEntities from "./0014_catalog_final_entities";
import * as relationPairs from "./0015_catalog_relation_pairs";
import * as rootsIndex from "./0016_catalog_roots_index";
import * as fullTextInUidOrder from "./0017_catalog_full_text_in_uid_order";

// One migration set for SQLite and PostgreSQL, applied in name order at
// start-up. Names are NNNN_what; a migration once landed is never edited.
export const migrations: Record<string, Migration> = {
  "0001_catalog": catalog,
  "0002_auth": auth,
  "0003_user_settings": userSettings,
  "0004_auth_session_secrets": authSessionSecrets,
  "0005_catalog_kind_uid_index": kindUidIndex,
  "0006_scheduler_tasks": schedulerTasks,
  "0007_scaffolder_tasks": scaffolderTasks,
  "0008_scaffolder_wizard_drafts": scaffolderWizardDrafts,
  "0009_search": search,
  "0010_search_rank": searchRank,
  "0011_auth_revoked_sessions": authRevokedSessions,
  "0012_catalog_name_order_indexes": nameOrderIndexes,
  "0013_scaffolder_editor": scaffolderEditor,
  "0014_catalog_final_entities": finalEntities,
  "0015_catalog_relation_pairs": relationPairs,
  "0016_catalog_roots_index": rootsIndex,
  "0017_catalog_full_text_in_uid_order": fullTextInUidOrder,
};
