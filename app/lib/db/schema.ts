// The tables of Atrium's one database, as Kysely sees them. Each area adds
// its tables here together with the migration that creates them.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
