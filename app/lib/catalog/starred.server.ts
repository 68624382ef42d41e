import type { UserSettingsService } from "../settings/user-settings.server";
import { entityRefKey, parseEntityRef, stringifyEntityRef } from "./entity-ref";

// A user's starred entities, where Backstage keeps them: the user settings
// bucket 'starredEntities', key 'entityRefs', a list of entity refs. Older
// Backstage apps kept 'entity:<kind>:<namespace>:<name>' strings under
// bucket 'settings', key 'starredEntities'; those are moved over once.

export const STARRED_BUCKET = "starredEntities";
export const STARRED_KEY = "entityRefs";
const LEGACY = { bucket: "settings", key: "starredEntities" };

/** The refs the user starred, in the order they starred them; legacy entries migrated first. */
export async function starredEntityRefs(settings: UserSettingsService, userEntityRef: string): Promise<string[]> {
  const address = { userEntityRef, bucket: STARRED_BUCKET, key: STARRED_KEY };
  const current = refsOf((await settings.find(address))?.value);
  const legacy = await settings.find({ userEntityRef, ...LEGACY });
  if (!legacy) return current;
  const merged = new Set(current);
  for (const entry of Array.isArray(legacy.value) ? legacy.value : []) {
    const ref = typeof entry === "string" ? legacyRef(entry) : undefined;
    if (ref) merged.add(ref);
  }
  const refs = [...merged];
  if (refs.length !== current.length) await settings.set({ ...address, value: refs });
  await settings.delete({ userEntityRef, ...LEGACY });
  return refs;
}

/** Whether the ref is among the starred ones, whatever its case. */
export function isStarred(starred: readonly string[], entityRef: string): boolean {
  const key = entityRefKey(entityRef);
  return starred.some((ref) => ref.toLocaleLowerCase("en-US") === key);
}

/** Stars or unstars (flips membership, as Backstage's toggle) and returns whether it is now starred. */
export async function toggleStarred(settings: UserSettingsService, userEntityRef: string, entityRef: string): Promise<boolean> {
  const ref = stringifyEntityRef(parseEntityRef(entityRef));
  const starred = await starredEntityRefs(settings, userEntityRef);
  const key = entityRefKey(ref);
  const without = starred.filter((item) => item.toLocaleLowerCase("en-US") !== key);
  const nowStarred = without.length === starred.length;
  await settings.set({ userEntityRef, bucket: STARRED_BUCKET, key: STARRED_KEY, value: nowStarred ? [...without, ref] : without });
  return nowStarred;
}

function refsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** 'entity:<kind>:<namespace>:<name>' to 'kind:namespace/name'; anything else is dropped, as Backstage does. */
function legacyRef(entry: string): string | undefined {
  const parts = entry.split(":");
  if (parts.length !== 4 || parts[0] !== "entity" || !parts[1] || !parts[2] || !parts[3]) return undefined;
  return stringifyEntityRef({ kind: parts[1], namespace: parts[2], name: parts[3] });
}
