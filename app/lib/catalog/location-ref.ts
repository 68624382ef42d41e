import { InputError } from "../errors";
import { isJavascriptUrl } from "../links";

// Location references: `<type>:<target>`, e.g. url:https://host/catalog-info.yaml.

export type LocationSpec = { type: string; target: string };

export function parseLocationRef(ref: string): LocationSpec {
  if (typeof ref !== "string") throw new InputError(`Unable to parse location ref '${ref}', unexpected argument ${typeof ref}`);
  const index = ref.indexOf(":");
  const type = ref.slice(0, index);
  const target = ref.slice(index + 1);
  if (index <= 0 || !target) {
    throw new InputError(`Unable to parse location ref '${ref}', expected '<type>:<target>', e.g. 'url:https://host/path'`);
  }
  if (type === "http" || type === "https") {
    throw new InputError(`Invalid location ref '${ref}', please prefix it with 'url:', e.g. 'url:${ref}'`);
  }
  if (isJavascriptUrl(target)) throw new InputError(`Invalid location ref '${ref}', the target may not be a javascript: URL`);
  return { type, target };
}

export function stringifyLocationRef(location: LocationSpec): string {
  return `${location.type}:${location.target}`;
}
