import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./errors";
import { loadConfig } from "./load.server";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** A directory holding the given config files; app-config.yaml is required by the loader. */
function configDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "atrium-config-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const minimal = "app:\n  baseUrl: http://localhost:7007\n";

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("gives the embedded default from the repository's app-config.yaml", () => {
    const { config } = loadConfig({ rootDir: repoRoot, argv: [], env: {} });
    expect(config.app.baseUrl).toBe("http://localhost:7007");
    expect(config.app.title).toMatch(/Developer Portal/);
    expect(config.organization?.name).toBeTruthy();
    expect(config.backend.listen).toEqual({ port: 7007 });
    expect(config.backend.database).toEqual({ client: "better-sqlite3", connection: { directory: "./data" } });
    expect(config.auth.environment).toBe("development");
    expect(config.permission.enabled).toBe(true);
    expect(config.catalog.import).toEqual({ entityFilename: "catalog-info.yaml", pullRequestBranchName: "backstage-integration" });
  });

  it("fills the catalog import defaults when the keys are absent", () => {
    const { config } = loadConfig({ rootDir: configDir({ "app-config.yaml": minimal }), argv: [], env: {} });
    expect(config.catalog.import.entityFilename).toBe("catalog-info.yaml");
    expect(config.catalog.import.pullRequestBranchName).toBe("backstage-integration");
    expect(config.techdocs.builder).toBe("local");
  });

  it("layers app-config.local.yaml, then --config files, then ATRIUM_CONFIG files", () => {
    const dir = configDir({
      "app-config.yaml": `${minimal}  title: Base\norganization:\n  name: Base org\n`,
      "app-config.local.yaml": "app:\n  title: Local\n",
      "extra.yaml": "organization:\n  name: From flag\n",
      "env.yaml": "app:\n  title: From env\n",
    });
    const { config, sources } = loadConfig({ rootDir: dir, argv: ["--config", "extra.yaml"], env: { ATRIUM_CONFIG: "env.yaml" } });
    expect(config.app.title).toBe("From env");
    expect(config.organization?.name).toBe("From flag");
    expect(config.app.baseUrl).toBe("http://localhost:7007");
    expect(sources.map((file) => path.basename(file))).toEqual(["app-config.yaml", "app-config.local.yaml", "extra.yaml", "env.yaml"]);
  });

  it("substitutes ${VAR}, applies ${VAR:-default} and keeps $${VAR} literal", () => {
    const dir = configDir({
      "app-config.yaml": `app:\n  baseUrl: \${BASE}\n  title: "\${MISSING:-Fallback} and $\${LITERAL}"\n`,
    });
    const { config } = loadConfig({ rootDir: dir, argv: [], env: { BASE: "https://corp.example/portal" } });
    expect(config.app.baseUrl).toBe("https://corp.example/portal");
    expect(config.app.title).toBe("Fallback and ${LITERAL}");
  });

  it("treats a value whose variable is unset as missing and names the key", () => {
    const dir = configDir({ "app-config.yaml": "app:\n  baseUrl: ${ATRIUM_TEST_UNSET}\n" });
    expect(problemsOf(() => loadConfig({ rootDir: dir, argv: [], env: {} }))).toEqual(["Missing required config value at 'app.baseUrl'"]);
  });

  it("names the key path and both types for a value of the wrong type", () => {
    const dir = configDir({ "app-config.yaml": `${minimal}permission:\n  enabled: [yes]\ncatalog:\n  locations:\n    - type: url\n      target: 42\n` });
    expect(problemsOf(() => loadConfig({ rootDir: dir, argv: [], env: {} }))).toEqual([
      "Invalid type in config for key 'permission.enabled', got array, wanted boolean",
      "Invalid type in config for key 'catalog.locations[0].target', got number, wanted string",
    ]);
  });

  it("converts numeric strings and reports the ones that do not convert", () => {
    const ok = configDir({ "app-config.yaml": `${minimal}backend:\n  listen:\n    port: \${PORT}\n` });
    expect(loadConfig({ rootDir: ok, argv: [], env: { PORT: "7100" } }).config.backend.listen).toEqual({ port: 7100 });
    expect(problemsOf(() => loadConfig({ rootDir: ok, argv: [], env: { PORT: "seven" } }))).toEqual(["Unable to convert config value for key 'backend.listen.port' to a number, got 'seven'"]);
  });

  it("rejects keys that are not segments of letters, digits, dash or underscore", () => {
    const dir = configDir({ "app-config.yaml": `${minimal}  "bad key": 1\n` });
    expect(problemsOf(() => loadConfig({ rootDir: dir, argv: [], env: {} }))[0]).toMatch(/^Invalid config key 'bad key' at 'app'/);
  });

  it("keeps keys it does not know and lists them as unused", () => {
    const dir = configDir({ "app-config.yaml": `${minimal}  listen: {}\nsonarqube:\n  baseUrl: https://sonar.example\nbackend:\n  cache:\n    store: memory\n` });
    const loaded = loadConfig({ rootDir: dir, argv: [], env: {} });
    expect(loaded.unusedKeys).toEqual(["app.listen", "sonarqube", "backend.cache"]);
    expect(loaded.raw.sonarqube).toEqual({ baseUrl: "https://sonar.example" });
  });

  it("does not call provider settings unused: they belong to open subtrees", () => {
    const dir = configDir({ "app-config.yaml": `${minimal}auth:\n  providers:\n    github:\n      development:\n        clientId: abc\nintegrations:\n  github:\n    - host: github.com\n` });
    expect(loadConfig({ rootDir: dir, argv: [], env: {} }).unusedKeys).toEqual([]);
  });

  it("sets keys from APP_CONFIG_ variables, parsing JSON values", () => {
    const dir = configDir({ "app-config.yaml": minimal });
    const { config } = loadConfig({ rootDir: dir, argv: [], env: { APP_CONFIG_backend_listen_port: "7200", APP_CONFIG_app_title: "From env" } });
    expect(config.backend.listen).toEqual({ port: 7200 });
    expect(config.app.title).toBe("From env");
  });

  it("reads $env, $file and $include directives", () => {
    const dir = configDir({
      "app-config.yaml": `${minimal}  title:\n    $env: TITLE\norganization:\n  $include: org.yaml\ntechdocs:\n  builder:\n    $file: builder.txt\n`,
      "org.yaml": "name: Included org\n",
      "builder.txt": "external",
    });
    const { config } = loadConfig({ rootDir: dir, argv: [], env: { TITLE: "Directive title" } });
    expect(config.app.title).toBe("Directive title");
    expect(config.organization?.name).toBe("Included org");
    expect(config.techdocs.builder).toBe("external");
  });

  it("stops an $include that includes itself, directly or round a loop, naming the key", () => {
    const self = configDir({ "app-config.yaml": `${minimal}organization:\n  $include: app-config.yaml\n` });
    expect(problemsOf(() => loadConfig({ rootDir: self, argv: [], env: {} }))).toEqual([
      `Config key 'organization' includes 'app-config.yaml', which is already being read (${path.join(self, "app-config.yaml")} -> ${path.join(self, "app-config.yaml")}): an $include cannot include itself`,
    ]);
    const loop = configDir({ "app-config.yaml": `${minimal}organization:\n  $include: a.yaml\n`, "a.yaml": "name:\n  $include: b.yaml\n", "b.yaml": "inner:\n  $include: a.yaml\n" });
    expect(problemsOf(() => loadConfig({ rootDir: loop, argv: [], env: {} }))).toEqual([
      `Config key 'organization.name.inner' includes 'a.yaml', which is already being read (${["app-config.yaml", "a.yaml", "b.yaml", "a.yaml"].map((file) => path.join(loop, file)).join(" -> ")}): an $include cannot include itself`,
    ]);
  });

  it("stops an $include of a file that does not parse, naming the key", () => {
    const json = configDir({ "app-config.yaml": `${minimal}organization:\n  $include: org.json\n`, "org.json": "{ name: 'not JSON' }" });
    expect(problemsOf(() => loadConfig({ rootDir: json, argv: [], env: {} }))).toEqual([
      expect.stringMatching(/^Failed to parse included file 'org\.json' for config key 'organization', Expected property name or '\}' in JSON at position 2/),
    ]);
    const yaml = configDir({ "app-config.yaml": `${minimal}organization:\n  $include: org.yaml\n`, "org.yaml": "name: [unclosed\n" });
    expect(problemsOf(() => loadConfig({ rootDir: yaml, argv: [], env: {} }))).toEqual([
      expect.stringMatching(/^Failed to parse included file 'org\.yaml' for config key 'organization', Invalid YAML in config file '.*org\.yaml': /),
    ]);
  });

  it("refuses a __proto__ key in a config file, an included file or an APP_CONFIG_ value, naming where", () => {
    const inFile = configDir({ "app-config.yaml": `${minimal}  __proto__:\n    title: Polluted\n` });
    expect(problemsOf(() => loadConfig({ rootDir: inFile, argv: [], env: {} }))).toEqual(["Invalid config key '__proto__' at 'app': '__proto__' is not allowed as a key"]);
    const included = configDir({ "app-config.yaml": `${minimal}organization:\n  $include: org.json\n`, "org.json": '{"name": "Org", "__proto__": {"name": "Polluted"}}' });
    expect(problemsOf(() => loadConfig({ rootDir: included, argv: [], env: {} }))).toEqual(["Invalid config key '__proto__' at 'organization': '__proto__' is not allowed as a key"]);
    const fromEnv = configDir({ "app-config.yaml": minimal });
    expect(problemsOf(() => loadConfig({ rootDir: fromEnv, argv: [], env: { APP_CONFIG_app: '{"support": {"__proto__": {"url": "https://evil.example"}}}' } }))).toEqual([
      "Invalid config key '__proto__' at 'app.support' (from APP_CONFIG_app): '__proto__' is not allowed as a key",
    ]);
  });

  it("stops a YAML alias bomb instead of expanding it", () => {
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 0; i < 9; i++) {
      const prev = String.fromCharCode(97 + i);
      const next = String.fromCharCode(98 + i);
      bomb.push(`${next}: &${next} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`);
    }
    const dir = configDir({ "app-config.yaml": `${minimal}bomb:\n${bomb.map((line) => `  ${line}`).join("\n")}\n` });
    expect(problemsOf(() => loadConfig({ rootDir: dir, argv: [], env: {} }))[0]).toMatch(/^Invalid YAML in config file .*alias/i);
  });

  it("rejects discovery endpoints with a hash, a query or a trailing slash", () => {
    const dir = configDir({
      "app-config.yaml": `${minimal}discovery:\n  endpoints:\n    - target: https://a.example/api/{{pluginId}}/\n      plugins: [catalog]\n    - target:\n        internal: http://b.internal/api?x=1\n        external: not a url\n      plugins: [scaffolder]\n    - target: https://c.example/api#top\n      plugins: [techdocs]\n`,
    });
    expect(problemsOf(() => loadConfig({ rootDir: dir, argv: [], env: {} }))).toEqual([
      "Invalid config value at 'discovery.endpoints[0].target': must not have a trailing slash",
      "Invalid config value at 'discovery.endpoints[1].target.internal': must not have a query",
      "Invalid config value at 'discovery.endpoints[1].target.external': must be a valid URL",
      "Invalid config value at 'discovery.endpoints[2].target': must not have a hash",
    ]);
  });

  it("refuses a plugin served from two discovery endpoints", () => {
    const dir = configDir({
      "app-config.yaml": `${minimal}discovery:\n  endpoints:\n    - target: https://a.example/api/{{pluginId}}\n      plugins: [catalog, search]\n    - target: https://b.example/api/{{pluginId}}\n      plugins: [search]\n`,
    });
    expect(problemsOf(() => loadConfig({ rootDir: dir, argv: [], env: {} }))).toEqual([
      "Invalid config value at 'discovery.endpoints[1].plugins': Duplicate plugin found 'search', also in discovery.endpoints[0]",
    ]);
  });

  it("says which file it could not read", () => {
    const dir = configDir({ "app-config.yaml": minimal });
    expect(problemsOf(() => loadConfig({ rootDir: dir, argv: ["--config=nope.yaml"], env: {} }))[0]).toMatch(/^Unable to read config file '.*nope\.yaml'/);
  });
});

describe("loadConfig: keys that used to pass unchecked", () => {
  const load = (yaml: string, env: Record<string, string> = {}) => loadConfig({ rootDir: configDir({ "app-config.yaml": `${minimal}${yaml}` }), argv: [], env });

  it("reads catalog.processingInterval in each of Backstage's forms, as milliseconds or false", () => {
    expect(load("catalog:\n  processingInterval: { minutes: 3 }\n").config.catalog.processingInterval).toBe(180_000);
    expect(load("catalog:\n  processingInterval: PT90S\n").config.catalog.processingInterval).toBe(90_000);
    expect(load("catalog:\n  processingInterval: 2 hours\n").config.catalog.processingInterval).toBe(7_200_000);
    expect(load("catalog:\n  processingInterval: false\n").config.catalog.processingInterval).toBe(false);
    expect(load("catalog:\n  processingInterval: ${INTERVAL}\n", { INTERVAL: "false" }).config.catalog.processingInterval).toBe(false);
    expect(load("").config.catalog.processingInterval).toBeUndefined();
  });

  it("refuses any other catalog.processingInterval, naming the key", () => {
    expect(problemsOf(() => load("catalog:\n  processingInterval: PT\n"))).toEqual(["Invalid duration 'PT' in config at 'catalog.processingInterval', Invalid ISO format, no values given"]);
    expect(problemsOf(() => load("catalog:\n  processingInterval: { minute: 3 }\n"))).toEqual([
      "Failed to read duration from config at 'catalog.processingInterval', Unknown property 'minute'; expected one or more of 'years', 'months', 'weeks', 'days', 'hours', 'minutes', 'seconds', 'milliseconds'",
    ]);
    expect(problemsOf(() => load("catalog:\n  processingInterval: 100\n"))).toEqual(["Invalid type in config for key 'catalog.processingInterval', got number, wanted object or string or false"]);
    expect(problemsOf(() => load("catalog:\n  processingInterval: { seconds: 0 }\n"))).toEqual([
      "Invalid config value at 'catalog.processingInterval': must be a duration longer than zero (false turns it off)",
    ]);
  });

  it("reads auth.sessionDuration in Backstage's duration forms, a week when absent, and refuses anything else naming the key", () => {
    expect(load("").config.auth.sessionDuration).toBe(7 * 24 * 3_600_000);
    expect(load("auth:\n  sessionDuration: { hours: 12 }\n").config.auth.sessionDuration).toBe(12 * 3_600_000);
    expect(load("auth:\n  sessionDuration: 30 days\n").config.auth.sessionDuration).toBe(30 * 24 * 3_600_000);
    expect(problemsOf(() => load("auth:\n  sessionDuration: 0 seconds\n"))).toEqual(["Invalid config value at 'auth.sessionDuration': must be a duration longer than zero"]);
    expect(problemsOf(() => load("auth:\n  sessionDuration: 3600\n"))).toEqual(["Invalid type in config for key 'auth.sessionDuration', got number, wanted object or string"]);
    expect(problemsOf(() => load("auth:\n  sessionDuration: forever\n"))).toEqual([
      "Invalid duration 'forever' in config at 'auth.sessionDuration', Not a valid duration string, try a number followed by a unit such as '1d' or '2 seconds'",
    ]);
  });

  it("refuses a port no server can use, in each form, naming the key", () => {
    expect(problemsOf(() => load("backend:\n  listen:\n    port: 99999\n"))).toEqual(["Invalid config value at 'backend.listen.port': must be a port number, an integer from 0 to 65535"]);
    expect(problemsOf(() => load("backend:\n  listen:\n    port: 80.5\n"))).toEqual(["Invalid config value at 'backend.listen.port': must be a port number, an integer from 0 to 65535"]);
    expect(problemsOf(() => load("backend:\n  listen: ':99999'\n"))).toEqual(["Invalid config value at 'backend.listen': must be 'port', ':port' or 'host:port', with a port number from 0 to 65535"]);
    expect(problemsOf(() => load("backend:\n  listen: 'localhost:http'\n"))).toEqual([
      "Invalid config value at 'backend.listen': must be 'port', ':port' or 'host:port', with a port number from 0 to 65535",
    ]);
    expect(problemsOf(() => load("backend:\n  database:\n    client: pg\n    connection:\n      port: 70000\n"))).toEqual([
      "Invalid config value at 'backend.database.connection.port': must be a port number, an integer from 0 to 65535",
    ]);
    expect(load("backend:\n  listen: '127.0.0.1:7100'\n").config.backend.listen).toBe("127.0.0.1:7100");
    expect(load("backend:\n  listen:\n    port: 0\n").config.backend.listen).toEqual({ port: 0 });
  });

  it("takes auth.signInPage as a list of options, or none", () => {
    expect(load("auth:\n  signInPage: [guest, custom, guest]\n").config.auth.signInPage).toEqual(["guest", "custom"]);
    expect(load("auth:\n  signInPage: []\n").config.auth.signInPage).toEqual([]);
    expect(load("auth:\n  signInPage:\n").config.auth.signInPage).toEqual([]);
    expect(load("").config.auth.signInPage).toEqual([]);
  });

  it("refuses an auth.signInPage of another shape instead of making everyone the guest", () => {
    expect(problemsOf(() => load("auth:\n  signInPage: guest\n"))).toEqual(["Invalid type in config for key 'auth.signInPage', got string, wanted array"]);
    expect(problemsOf(() => load("auth:\n  signInPage: { guest: true }\n"))).toEqual(["Invalid type in config for key 'auth.signInPage', got object, wanted array"]);
    expect(problemsOf(() => load("auth:\n  signInPage: [guest, { provider: oidc }, '']\n"))).toEqual([
      "Invalid type in config for key 'auth.signInPage[1]', got object, wanted string",
      "Invalid config value at 'auth.signInPage[2]': must be a sign-in option: guest, custom or a provider id",
    ]);
  });

  it("names the key of an integration host or URL that is not one", () => {
    expect(problemsOf(() => load("integrations:\n  github:\n    - host: github.example.com\n    - host: ghe example.com\n"))).toEqual([
      "Invalid config value at 'integrations.github[1].host': 'ghe example.com' is not a valid host",
    ]);
    expect(problemsOf(() => load("integrations:\n  gitlab:\n    - host: gitlab.example.com/group\n      apiBaseUrl: gitlab.example.com/api/v4\n"))).toEqual([
      "Invalid config value at 'integrations.gitlab[0].host': 'gitlab.example.com/group' is not a valid host",
      "Invalid config value at 'integrations.gitlab[0].apiBaseUrl': 'gitlab.example.com/api/v4' is not an absolute http(s) URL",
    ]);
    expect(problemsOf(() => load("integrations:\n  bitbucketServer:\n    host: bitbucket.example.com\n"))).toEqual([
      "Invalid type in config for key 'integrations.bitbucketServer', got object, wanted array",
    ]);
    const { config } = load("integrations:\n  github:\n    - host: ghe.example.com:8443\n      apiBaseUrl: https://ghe.example.com:8443/api/v3\n  gerrit:\n    - host: gerrit.example.com\n");
    expect(config.integrations.github).toEqual([{ host: "ghe.example.com:8443", apiBaseUrl: "https://ghe.example.com:8443/api/v3" }]);
  });

  it("checks every integration by Backstage's rules: Gerrit, Gitea and Harness hosts and URLs, GitHub apps, object-store endpoints", () => {
    expect(problemsOf(() => load("integrations:\n  gerrit:\n    - host: gerrit example\n      gitilesBaseUrl: gitiles\n  gitea:\n    - host: gitea.example.com/x\n  harness:\n    - {}\n"))).toEqual([
      "Invalid config value at 'integrations.gerrit[0].host': 'gerrit example' is not a valid host",
      "Invalid config value at 'integrations.gerrit[0].gitilesBaseUrl': 'gitiles' is not an absolute http(s) URL",
      "Invalid config value at 'integrations.gitea[0].host': 'gitea.example.com/x' is not a valid host",
      "Missing required config value at 'integrations.harness[0].host'",
    ]);
    expect(problemsOf(() => load("integrations:\n  github:\n    - host: github.com\n      apps:\n        - appId: 1\n          clientId: c\n          clientSecret: s\n"))).toEqual([
      "Missing required config value at 'integrations.github[0].apps[0].privateKey'",
    ]);
    expect(problemsOf(() => load("integrations:\n  awsS3:\n    - endpoint: https://s3.example.com/bucket\n  azureBlobStorage:\n    - accountName: docs\n      endpoint: not a url\n"))).toEqual([
      "Invalid config value at 'integrations.azureBlobStorage[0].endpoint': endpoint 'not a url' is not a valid URL",
      "Invalid config value at 'integrations.awsS3[0].endpoint': endpoints cannot contain path, got 'https://s3.example.com/bucket'",
    ]);
    expect(
      problemsOf(() =>
        load("integrations:\n  azureBlobStorage:\n    - accountName: docs\n      accountKey: k\n      sasToken: t\n      aadCredential: { clientId: c, tenantId: t, clientSecret: s }\n"),
      ),
    ).toEqual([
      "Invalid config value at 'integrations.azureBlobStorage[0]': Invalid Azure Blob Storage config for docs: Both account key and SAS token cannot be used simultaneously.",
      "Invalid config value at 'integrations.azureBlobStorage[0]': Invalid Azure Blob Storage config for docs: Cannot use both Azure AD credentials and account keys/SAS tokens for the same account.",
    ]);
  });

  it("checks Azure DevOps credentials: each one complete kind, organisations once, only tokens off dev.azure.com, one without organisations", () => {
    const azure = (yaml: string) => problemsOf(() => load(`integrations:\n  azure:\n${yaml}`));
    expect(
      azure("    - credentials:\n        - { clientId: a, clientSecret: b }\n        - { personalAccessToken: p, organizations: [one] }\n        - { clientId: m, organizations: [one, two] }\n"),
    ).toEqual([
      "Invalid config value at 'integrations.azure[0].credentials[0]': Invalid Azure integration config for dev.azure.com: credential at position 1 is not a valid credential",
      "Invalid config value at 'integrations.azure[0].credentials': Invalid Azure integration config for dev.azure.com: organization one is specified multiple times in credentials at positions 2 and 3",
    ]);
    expect(azure("    - host: ado.example.com\n      token: t\n      credentials:\n        - { clientId: a, clientSecret: b, tenantId: c, organizations: [x] }\n")).toEqual([
      "Invalid config value at 'integrations.azure[0]': Invalid Azure integration config for ado.example.com: 'token' and 'credentials' cannot be used together. Use 'credentials' instead.",
      "Invalid config value at 'integrations.azure[0]': Invalid Azure integration config for ado.example.com: only personal access tokens can be used with hosts other than dev.azure.com",
    ]);
    expect(azure("    - credentials:\n        - { personalAccessToken: p }\n        - { clientId: m }\n      credential: { personalAccessToken: q }\n")).toEqual([
      "Invalid config value at 'integrations.azure[0]': Invalid Azure integration config for dev.azure.com: 'credential' and 'credentials' cannot be used together. Use 'credentials' instead.",
      "Invalid config value at 'integrations.azure[0]': Invalid Azure integration config for dev.azure.com: you cannot specify multiple credentials without organizations",
    ]);
    const { config } = load(
      "integrations:\n  azure:\n    - credentials:\n        - { clientId: a, clientSecret: b, tenantId: c, organizations: [one] }\n        - { clientId: a, tenantId: c, managedIdentityClientId: d, organizations: [two] }\n        - { personalAccessToken: p }\n",
    );
    expect(config.integrations.azure).toHaveLength(1);
  });
});

describe("the repository's app-config.yaml", () => {
  const repository = (env: Record<string, string>) => loadConfig({ rootDir: repoRoot, argv: [], env }).config;

  it("moves the portal's and the backend's URL with PORT, so sign-in callbacks reach the port it listens on", () => {
    const config = repository({ PORT: "7207" });
    expect(config.backend.listen).toEqual({ port: 7207 });
    expect(config.app.baseUrl).toBe("http://localhost:7207");
    expect(config.backend.baseUrl).toBe("http://localhost:7207");
  });

  it("takes ATRIUM_BASE_URL as the public URL whatever the port", () => {
    const config = repository({ PORT: "7207", ATRIUM_BASE_URL: "https://corp.example/portal" });
    expect(config.app.baseUrl).toBe("https://corp.example/portal");
    expect(config.backend.baseUrl).toBe("https://corp.example/portal");
    expect(config.backend.listen).toEqual({ port: 7207 });
  });
});

describe("${VAR:-fallback} with a substitution inside the fallback", () => {
  it("substitutes the inner variable, or its own fallback, and keeps $${...} literal", () => {
    const dir = configDir({ "app-config.yaml": 'app:\n  baseUrl: ${OUTER:-http://h:${INNER:-1}}\n  title: "$${OUTER:-${INNER}}"\n' });
    expect(loadConfig({ rootDir: dir, argv: [], env: {} }).config.app.baseUrl).toBe("http://h:1");
    expect(loadConfig({ rootDir: dir, argv: [], env: { INNER: "2" } }).config.app.baseUrl).toBe("http://h:2");
    expect(loadConfig({ rootDir: dir, argv: [], env: { OUTER: "http://o", INNER: "2" } }).config.app.baseUrl).toBe("http://o");
    expect(loadConfig({ rootDir: dir, argv: [], env: {} }).config.app.title).toBe("${OUTER:-${INNER}}");
  });

  it("counts the value as missing when the inner variable is unset and has no fallback", () => {
    const dir = configDir({ "app-config.yaml": "app:\n  baseUrl: ${OUTER:-http://h:${INNER}}\n" });
    expect(problemsOf(() => loadConfig({ rootDir: dir, argv: [], env: {} }))).toEqual(["Missing required config value at 'app.baseUrl'"]);
  });
});
