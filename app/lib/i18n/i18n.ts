import { en, type Messages } from "./messages.en";

// One message catalogue per language; English is the default and the
// reference every other catalogue must cover.

export const DEFAULT_LANGUAGE = "en";
export const LANGUAGES = ["en"] as const;
export type Language = (typeof LANGUAGES)[number];

const catalogues: Record<Language, Messages> = { en };

/** Available languages must be free of duplicates and include the default. */
export function validateLanguages(languages: readonly string[], defaultLanguage: string): void {
  if (new Set(languages).size !== languages.length) {
    throw new Error(`Supported languages may not contain duplicates, got '${languages.join("', '")}'`);
  }
  if (!languages.includes(defaultLanguage)) {
    throw new Error(`Supported languages must include the default language '${defaultLanguage}'`);
  }
}
validateLanguages(LANGUAGES, DEFAULT_LANGUAGE);

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Leaves<T> = T extends string ? never : { [K in keyof T]: T[K] extends string ? K : Join<K, Leaves<T[K]>> }[keyof T];
export type MessageKey = Leaves<Messages>;
type Params = Record<string, string | number>;

type PluralBase<K> = K extends `${infer Base}_one` ? Base : never;
/** A message key, or the base of a plural pair (alertDisplay.newer for _one/_other). */
export type TranslationKey = MessageKey | PluralBase<MessageKey>;
export type Translate = (key: TranslationKey, params?: Params) => string;

/** Returns t(key, params) for a language; `count` picks the _one/_other form. */
export function createTranslator(language: string = DEFAULT_LANGUAGE): Translate {
  const catalogue = catalogues[isLanguage(language) ? language : DEFAULT_LANGUAGE];
  return (key, params = {}) => {
    const pluralKey = typeof params.count === "number" ? `${key}_${params.count === 1 ? "one" : "other"}` : key;
    const message = lookup(catalogue, pluralKey) ?? lookup(catalogue, key) ?? key;
    return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (params[name] === undefined ? match : String(params[name])));
  };
}

function lookup(catalogue: Messages, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
}
