import { isHttpUrl } from "../config/values";
import type { Entity } from "./entity";

// A User's or Group's spec.profile as pages may show it: trimmed text of a
// sane length, and a picture only when it is a web address, since it lands
// in an <img> of the page (a data: or javascript: URL never does).

export type EntityProfile = { displayName?: string; email?: string; picture?: string };

const MAX_PROFILE_TEXT = 200;

export function entityProfile(entity: Pick<Entity, "spec"> | undefined): EntityProfile {
  const profile = (entity?.spec as { profile?: Record<string, unknown> } | undefined)?.profile ?? {};
  const picture = profileText(profile.picture);
  return { displayName: profileText(profile.displayName), email: profileText(profile.email), picture: picture && isHttpUrl(picture) ? picture : undefined };
}

export function profileText(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, MAX_PROFILE_TEXT) : undefined;
}
