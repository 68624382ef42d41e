import type { ColumnType, Generated } from "kysely";

// The tables of Atrium's one database, as Kysely sees them. Each area adds
// its tables here together with the migration that creates them. (catalog_fts
// differs per engine and is only reached through store/full-text.server.ts.)

export interface CatalogLocationsTable {
  id: string;
  type: string;
  target: string;
  entity_ref: string;
  created_at: number;
}

export interface CatalogEntitiesTable {
  entity_id: string;
  entity_ref: string;
  kind: string;
  namespace: string;
  name: string;
  spec_type: string | null;
  spec_lifecycle: string | null;
  spec_owner: string | null;
  parent_ref: string | null;
  root_source: string | null;
  location_key: string | null;
  origin_key: string | null;
  body: string;
  errors: string | null;
  hash: string;
  etag: string;
  orphan: number;
  next_refresh_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  updated_at: number;
  /** The entity as the API serves it, or null until stitched (store/stitch.server.ts). */
  final_entity: ColumnType<string | null, string | null | undefined>;
  /** Moves on with every change to what the entity shows; a stitch lands only on the ticket it read. */
  stitch_ticket: Generated<number>;
}

/** One row per relation and its reverse (app/lib/catalog/store/relation-edges.server.ts). */
export interface CatalogRelationsTable {
  originating_entity_id: string;
  source_ref: string;
  type: string;
  target_ref: string;
  target_display: string;
  /** The type of the edge from target to source that this row also stands for; null for none. */
  reverse_type: string | null;
  /** The source as the reverse edge's target shows it; null when reverse_type is. */
  source_display: string | null;
}

export interface CatalogSearchTable {
  entity_id: string;
  key: string;
  value: string | null;
  original_value: string | null;
}

export interface CatalogGenerationTable {
  id: number;
  generation: number;
}

export interface AuthKeysTable {
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
}

export interface UserSettingsTable {
  user_entity_ref: string;
  bucket: string;
  key: string;
  /** JSON text */
  value: string;
  updated_at: number;
}

export interface AuthRevokedSessionsTable {
  /** The session id a user token carries (claim sid). */
  id: string;
  /** Epoch milliseconds after which no token of the session can be unexpired: the row may go. */
  expires_at: number;
}

export interface AuthSessionSecretsTable {
  /** sha256 of the atrium-secrets cookie's value, so a database read alone cannot replay it. */
  id: string;
  user_entity_ref: string;
  secrets: string;
  expires_at: number;
}

export interface SchedulerTasksTable {
  plugin_id: string;
  task_id: string;
  /** JSON text: the task's settings as Backstage's scheduler stores them (version 2). */
  settings_json: string;
  next_run_start_at: number | null;
  current_run_ticket: string | null;
  current_run_holder: string | null;
  current_run_started_at: number | null;
  current_run_heartbeat_at: number | null;
  current_run_expires_at: number | null;
  last_run_started_at: number | null;
  last_run_ended_at: number | null;
  /** JSON text: {name, message} of the last run's error. */
  last_run_error_json: string | null;
}

export interface ScaffolderTasksTable {
  id: string;
  /** JSON text: the task spec */
  spec: string;
  status: string;
  created_by: string | null;
  created_at: number;
  last_heartbeat_at: number | null;
  /** JSON text, null once the task has ended */
  secrets: string | null;
  /** JSON text: step outputs and checkpoints */
  state: string | null;
  /** JSON text: the creator's principal */
  principal: string | null;
}

export interface ScaffolderTaskEventsTable {
  id: Generated<number>;
  task_id: string;
  event_type: string;
  /** JSON text */
  body: string;
  created_at: number;
}

export interface ScaffolderWizardDraftsTable {
  user_ref: string;
  template_ref: string;
  /** JSON text: the form's values so far. */
  values_json: string;
  current_step: number;
  updated_at: number;
}

export interface ScaffolderEditorDraftsTable {
  user_ref: string;
  template_yaml: string;
  values_yaml: string;
  /** JSON text: the template directory's files. */
  files_json: string;
  runs: number;
  updated_at: number;
}

export interface ScaffolderEditorResultsTable {
  id: string;
  user_ref: string;
  n: number;
  created_at: number;
  template_title: string;
  status: string;
  /** JSON text: the result's error, log, files and output. */
  body_json: string;
}

export interface Database {
  auth_keys: AuthKeysTable;
  auth_revoked_sessions: AuthRevokedSessionsTable;
  auth_session_secrets: AuthSessionSecretsTable;
  catalog_generation: CatalogGenerationTable;
  catalog_locations: CatalogLocationsTable;
  catalog_entities: CatalogEntitiesTable;
  catalog_relations: CatalogRelationsTable;
  catalog_search: CatalogSearchTable;
  scaffolder_editor_drafts: ScaffolderEditorDraftsTable;
  scaffolder_editor_results: ScaffolderEditorResultsTable;
  scaffolder_task_events: ScaffolderTaskEventsTable;
  scaffolder_tasks: ScaffolderTasksTable;
  scaffolder_wizard_drafts: ScaffolderWizardDraftsTable;
  scheduler_tasks: SchedulerTasksTable;
  user_settings: UserSettingsTable;
}
