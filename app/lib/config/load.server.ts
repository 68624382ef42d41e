import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { ConfigError, formatConfigIssues, formatKeyPath } from "./errors";
import { PROTOTYPE_KEY, prototypeKeyPath } from "../prototype-keys";
import { substituteValue, type ConfigContext } from "./substitute.server";
import { configSchema, type AtriumConfig } from "./schema";
import { findUnusedKeys } from "./unused-keys";
import { validateDiscovery } from "./discovery";

export type LoadedConfig = {
  config: AtriumConfig;
  /** The merged configuration as written, unknown keys included. */
  raw: Record<string, unknown>;
  /** Key paths Atrium does not read; logged once at start. */
  unusedKeys: string[];
  /** The files that were read, in the order they were applied. */
  sources: string[];
};

export type LoadConfigOptions = {
  rootDir?: string;
  argv?: string[];
  env?: Record<string, string | undefined>;
};

// Backstage's rule for a key segment: letters, digits, dash or underscore (README.md, Configuration).
const CONFIG_KEY_PATTERN = /^[a-z][a-z0-9]*(?:[-_][a-z][a-z0-9]*)*$/i;
const YAML_MAX_ALIASES = 100;
const ENV_PREFIX = "APP_CONFIG_";

/**
 * Reads app-config.yaml, then app-config.local.yaml, then every --config file
 * and every file in ATRIUM_CONFIG (later files override earlier ones), then
 * APP_CONFIG_* variables, and validates the result. Throws ConfigError with
 * every problem, each naming its key path.
 */
export function loadConfig(options: LoadConfigOptions = {}): LoadedConfig {
  const rootDir = options.rootDir ?? process.cwd();
  const env = options.env ?? process.env;
  const files = configFiles(rootDir, options.argv ?? process.argv.slice(2), env);

  let raw: Record<string, unknown> = {};
  for (const file of files) raw = mergeConfig(raw, readConfigFile(file, env));
  raw = mergeConfig(raw, readEnvOverrides(env));

  const keyProblems = invalidKeys(raw);
  if (keyProblems.length > 0) throw new ConfigError(keyProblems);

  const result = configSchema.safeParse(raw, { reportInput: true });
  if (!result.success) throw new ConfigError(formatConfigIssues(result.error.issues));
  const problems = validateDiscovery(result.data.discovery.endpoints);
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    config: result.data,
    raw,
    unusedKeys: findUnusedKeys(configSchema, raw),
    sources: files,
  };
}

function configFiles(rootDir: string, argv: string[], env: Record<string, string | undefined>): string[] {
  const files = [path.resolve(rootDir, "app-config.yaml")];
  const local = path.resolve(rootDir, "app-config.local.yaml");
  if (existsSync(local)) files.push(local);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--config" && argv[i + 1]) files.push(path.resolve(rootDir, argv[++i]));
    else if (arg.startsWith("--config=")) files.push(path.resolve(rootDir, arg.slice("--config=".length)));
  }
  for (const file of (env.ATRIUM_CONFIG ?? "").split(path.delimiter)) {
    if (file.trim()) files.push(path.resolve(rootDir, file.trim()));
  }
  return [...new Set(files)];
}

function readConfigFile(file: string, env: Record<string, string | undefined>): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError([`Unable to read config file '${file}': ${(error as Error).message}`]);
  }
  const data = parseYaml(text, file);
  if (data === null || data === undefined) return {};
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new ConfigError([`Config file '${file}' must contain a mapping at its top level`]);
  }
  const context: ConfigContext = { env, dir: path.dirname(file), including: [file], readYaml: parseYaml };
  return (substituteValue(data, "", context) ?? {}) as Record<string, unknown>;
}

function parseYaml(text: string, file: string): unknown {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new ConfigError([`Invalid YAML in config file '${file}': ${doc.errors[0].message}`]);
  }
  try {
    return doc.toJS({ maxAliasCount: YAML_MAX_ALIASES });
  } catch (error) {
    throw new ConfigError([`Invalid YAML in config file '${file}': ${(error as Error).message}`]);
  }
}

/** APP_CONFIG_backend_listen_port=7008 sets backend.listen.port, as in Backstage. */
function readEnvOverrides(env: Record<string, string | undefined>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(ENV_PREFIX) || value === undefined) continue;
    const keys = name.slice(ENV_PREFIX.length).split("_");
    let target = result;
    for (const key of keys.slice(0, -1)) {
      const next = target[key];
      target = (typeof next === "object" && next !== null ? next : (target[key] = {})) as Record<string, unknown>;
    }
    const parsed = parseEnvValue(value);
    const prototypeKey = prototypeKeyPath(parsed);
    if (prototypeKey) {
      const at = formatKeyPath([...keys, ...prototypeKey.slice(0, -1)]);
      throw new ConfigError([`Invalid config key '${PROTOTYPE_KEY}' at '${at}' (from ${name}): '${PROTOTYPE_KEY}' is not allowed as a key`]);
    }
    target[keys[keys.length - 1]] = parsed;
  }
  return result;
}

function parseEnvValue(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Objects merge key by key; anything else (arrays included) is replaced. */
export function mergeConfig(base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] = isPlainObject(current) && isPlainObject(value) ? mergeConfig(current, value) : value;
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalidKeys(value: unknown, keyPath = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => invalidKeys(item, `${keyPath}[${i}]`));
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const childPath = keyPath ? `${keyPath}.${key}` : key;
    if (!CONFIG_KEY_PATTERN.test(key)) {
      return [`Invalid config key '${key}' at '${keyPath || "<root>"}': keys are segments of letters, digits, dash or underscore`];
    }
    return invalidKeys(child, childPath);
  });
}
