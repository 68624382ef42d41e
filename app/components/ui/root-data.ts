import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { createTranslator, DEFAULT_LANGUAGE, type Translate } from "~/lib/i18n/i18n";
import type { RootData } from "~/lib/root-data";

// The kit's way to the root loader's data (app/root.tsx): translation, base
// path, configuration. It lives in the kit so that the kit depends on nothing
// above it.

/** The root loader's data; undefined only while the root itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function useTranslation(): Translate {
  const language = useRootData()?.preferences.language ?? DEFAULT_LANGUAGE;
  return useMemo(() => createTranslator(language), [language]);
}

export function useBasePath(): string {
  return useRootData()?.config.basePath ?? "";
}
