// A deterministic synthetic Backstage catalog of N entities, shaped like a real
// organisation: a group hierarchy (one organisation, departments, teams), users
// in teams, domains, systems, resources, APIs and components with owners,
// relations, tags, annotations and links. Every entity is valid under
// Backstage's catalog-model rules. The benchmarks (scripts/bench-catalog.js,
// scripts/bench-ui.js) ingest it; it needs no package, so it runs before
// anything is built.
//
//   node scripts/bench/catalog-generator.js --n 100000 [--seed 42] [--files 20] --out data/bench/catalog
//
// Writes <out>/catalog.yaml (with --files 1 all N entities as one
// multi-document YAML; with --files K a Location entity named
// synthetic-catalog whose spec.targets are the K part files
// catalog-part-XX.yaml) and <out>/manifest.json (counts per kind and spec
// type, the total the files define, and samples the benchmarks request and
// check against). The same arguments always give the same bytes.
import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const USAGE = "node scripts/bench/catalog-generator.js [--n 10000] [--seed 42] [--out data] [--files 1]";
const NAMESPACE = "default";

// prettier-ignore
const WORDS = [
  "alpha", "atlas", "aurora", "beacon", "billing", "cart", "catalog", "checkout", "cobalt", "comet", "compass", "delta", "echo", "ember", "falcon", "fleet",
  "forge", "gateway", "harbor", "helix", "horizon", "identity", "inventory", "jade", "kernel", "ledger", "lumen", "maple", "matrix", "meridian", "nebula", "nimbus",
  "nova", "orbit", "orion", "payments", "pixel", "polaris", "prism", "pulse", "quartz", "radar", "relay", "search", "sentinel", "shipping", "sigma", "signal",
  "solar", "spark", "spectrum", "stream", "summit", "tango", "terra", "titan", "vector", "vertex", "violet", "vortex", "wave", "zenith",
];
const SUFFIXES = ["svc", "api", "web", "worker", "lib", "ui", "core", "sdk", "proxy", "engine"];
const TAGS = ["java", "go", "python", "typescript", "rust", "kotlin", "react", "grpc", "rest", "kafka", "postgres", "redis", "k8s", "lambda", "pci", "gdpr", "tier-1", "tier-2", "tier-3", "legacy"];
// prettier-ignore
const FIRST_NAMES = ["ada", "alan", "barbara", "brian", "carol", "dennis", "edsger", "frances", "grace", "guido", "hedy", "ivan", "james", "john", "ken", "linus", "margaret", "niklaus", "radia", "rob"];
// prettier-ignore
const LAST_NAMES = ["lovelace", "turing", "liskov", "kernighan", "shaw", "ritchie", "dijkstra", "allen", "hopper", "rossum", "lamarr", "sutherland", "gosling", "backus", "thompson", "torvalds", "hamilton", "wirth", "perlman", "pike"];

const pad = (index, width = 5) => String(index).padStart(width, "0");
const capitalise = (word) => `${word[0].toUpperCase()}${word.slice(1)}`;

/** The entities for (n, seed) and the manifest the benchmarks read. Every random draw happens in a fixed order: changing the order changes every catalog. */
export function generateCatalog({ n = 10000, seed = 42 } = {}) {
  const random = createRandom(seed);
  const count = {
    Group: Math.max(3, Math.round(n * 0.02)),
    User: Math.max(5, Math.round(n * 0.1)),
    Domain: Math.max(1, Math.round(n * 0.005)),
    System: Math.max(2, Math.round(n * 0.03)),
    API: Math.max(2, Math.round(n * 0.12)),
    Resource: Math.max(2, Math.round(n * 0.05)),
  };
  count.Component = n - Object.values(count).reduce((sum, value) => sum + value, 0);

  const word = () => random.pick(WORDS);
  const taken = new Set();
  // Human-looking but unique names, valid under Backstage's rule ([a-z0-9]+[-_.])*[a-z0-9]+ of at most 63 characters.
  const uniqueName = (prefix, index) => {
    const name = `${prefix}-${word()}-${pad(index)}`;
    if (taken.has(name)) throw new Error(`duplicate name ${name}`);
    taken.add(name);
    return name;
  };

  // Groups: the organisation, about 10% departments under it, the rest teams under a department.
  const groups = [];
  const departments = Math.max(1, Math.round((count.Group - 1) * 0.1));
  for (let index = 0; index < count.Group; index++) {
    const type = index === 0 ? "organization" : index <= departments ? "department" : "team";
    const name = index === 0 ? "acme" : uniqueName(type === "department" ? "dept" : "team", index);
    groups.push({ name, type, children: [], parent: undefined });
  }
  for (let index = 1; index < groups.length; index++) {
    const parent = groups[index].type === "department" ? groups[0] : groups[random.int(1, departments)];
    groups[index].parent = parent.name;
    parent.children.push(groups[index].name);
  }
  const teams = groups.filter((group) => group.type === "team");
  const teamNames = (teams.length ? teams : groups).map((group) => group.name);

  // Users, each in one team (85%) or two.
  const users = [];
  for (let index = 0; index < count.User; index++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const name = `${first}.${last}.${pad(index)}`;
    taken.add(name);
    const memberOf = random.pickN(
      teamNames,
      random.weighted([
        [1, 85],
        [2, 15],
      ]),
    );
    users.push({ name, first, last, memberOf });
  }

  const domains = [];
  for (let index = 0; index < count.Domain; index++) domains.push({ name: uniqueName("domain", index), owner: random.pick(teamNames) });
  const systems = [];
  for (let index = 0; index < count.System; index++) systems.push({ name: uniqueName("system", index), owner: random.pick(teamNames), domain: random.pick(domains).name });

  // Resources, APIs and components are named first, so that relations may point at entities written later.
  const resources = [];
  for (let index = 0; index < count.Resource; index++) {
    const type = random.weighted([
      ["database", 50],
      ["s3-bucket", 25],
      ["queue", 25],
    ]);
    resources.push({ name: uniqueName(type === "s3-bucket" ? "bucket" : type === "queue" ? "queue" : "db", index), type });
  }
  const apis = [];
  for (let index = 0; index < count.API; index++) {
    const name = uniqueName("api", index);
    const type = random.weighted([
      ["openapi", 60],
      ["grpc", 20],
      ["asyncapi", 15],
      ["graphql", 5],
    ]);
    apis.push({ name, type });
  }
  const components = [];
  for (let index = 0; index < count.Component; index++) {
    const type = random.weighted([
      ["service", 60],
      ["website", 15],
      ["library", 25],
    ]);
    const suffix = type === "website" ? "web" : type === "library" ? "lib" : random.pick(SUFFIXES);
    const name = `${word()}-${word()}-${suffix}-${pad(index)}`;
    if (taken.has(name)) throw new Error(`duplicate name ${name}`);
    taken.add(name);
    components.push({ name, type });
  }

  const entities = [];
  for (const group of groups) {
    entities.push({
      apiVersion: "backstage.io/v1alpha1",
      kind: "Group",
      metadata: { name: group.name, title: group.type === "organization" ? "ACME Corp" : `${group.name.split("-")[1]} ${group.type}`, description: `The ${group.name} ${group.type}` },
      spec: { type: group.type, profile: { displayName: group.name, email: `${group.name}@example.com` }, ...(group.parent ? { parent: group.parent } : {}), children: group.children },
    });
  }
  for (const user of users) {
    entities.push({
      apiVersion: "backstage.io/v1alpha1",
      kind: "User",
      metadata: { name: user.name },
      spec: { profile: { displayName: `${capitalise(user.first)} ${capitalise(user.last)}`, email: `${user.name}@example.com` }, memberOf: user.memberOf },
    });
  }
  for (const domain of domains) {
    entities.push({ apiVersion: "backstage.io/v1alpha1", kind: "Domain", metadata: { name: domain.name, description: `Business domain ${domain.name}` }, spec: { owner: `group:${domain.owner}` } });
  }
  for (const system of systems) {
    entities.push({
      apiVersion: "backstage.io/v1alpha1",
      kind: "System",
      metadata: { name: system.name, description: `System ${system.name}`, tags: random.pickN(TAGS, random.int(0, 2)) },
      spec: { owner: system.owner, domain: system.domain },
    });
  }
  for (const resource of resources) {
    entities.push({
      apiVersion: "backstage.io/v1alpha1",
      kind: "Resource",
      metadata: { name: resource.name, description: `${resource.type} ${resource.name}` },
      spec: { type: resource.type, owner: random.pick(teamNames), system: random.pick(systems).name },
    });
  }
  for (const api of apis) {
    const lifecycle = random.weighted([
      ["production", 75],
      ["experimental", 20],
      ["deprecated", 5],
    ]);
    const theme = api.name.split("-")[1];
    entities.push({
      apiVersion: "backstage.io/v1alpha1",
      kind: "API",
      metadata: { name: api.name, title: `${theme} ${api.type} API`, description: `The ${theme} API exposes ${random.pick(WORDS)} operations`, tags: random.pickN(TAGS, random.int(0, 3)) },
      spec: {
        type: api.type,
        lifecycle,
        owner: `group:${NAMESPACE}/${random.pick(teamNames)}`,
        system: random.pick(systems).name,
        definition:
          api.type === "openapi"
            ? `openapi: 3.0.0\ninfo:\n  title: ${api.name}\n  version: 1.0.0\npaths:\n  /${theme}:\n    get:\n      responses:\n        '200':\n          description: ok\n`
            : `# ${api.type} definition for ${api.name}\n`,
      },
    });
  }
  for (const component of components) {
    const lifecycle = random.weighted([
      ["production", 70],
      ["experimental", 30],
    ]);
    const parts = component.name.split("-");
    const spec = { type: component.type, lifecycle, owner: random.pick(teamNames), system: random.pick(systems).name };
    if (component.type === "service") {
      const provides = random.pickN(apis, random.int(0, 2)).map((api) => api.name);
      if (provides.length) spec.providesApis = provides;
    }
    const consumes = random.pickN(apis, random.int(0, 3)).map((api) => api.name);
    if (consumes.length) spec.consumesApis = consumes;
    const dependsOn = [
      ...random
        .pickN(components, random.int(0, 2))
        .filter((other) => other.name !== component.name)
        .map((other) => `component:${other.name}`),
      ...random.pickN(resources, random.int(0, 1)).map((other) => `resource:${NAMESPACE}/${other.name}`),
    ];
    if (dependsOn.length) spec.dependsOn = dependsOn;
    const metadata = {
      name: component.name,
      title: `${parts[0]} ${parts[1]} ${parts[2]}`,
      description: `The ${parts[0]} ${parts[1]} ${component.type} handles ${random.pick(WORDS)} for the ${random.pick(WORDS)} team`,
      tags: random.pickN(TAGS, random.int(0, 3)),
      annotations: { "github.com/project-slug": `acme/${component.name}`, "backstage.io/techdocs-ref": "dir:." },
    };
    if (random.next() < 0.3) metadata.links = [{ url: `https://example.com/${component.name}`, title: "Dashboard" }];
    entities.push({ apiVersion: "backstage.io/v1alpha1", kind: "Component", metadata, spec });
  }
  if (entities.length !== n) throw new Error(`generated ${entities.length} entities instead of ${n}`);
  return { entities, manifest: manifestOf(entities, components, { n, seed }) };
}

/** Counts and samples the benchmarks request and check their answers against; the samples come from a second generator so they do not move the catalog. */
function manifestOf(entities, components, { n, seed }) {
  const kinds = {};
  const specTypes = {};
  for (const entity of entities) {
    kinds[entity.kind] = (kinds[entity.kind] ?? 0) + 1;
    if (entity.spec?.type) {
      const key = `${entity.kind.toLowerCase()}:${entity.spec.type}`;
      specTypes[key] = (specTypes[key] ?? 0) + 1;
    }
  }
  const refOf = (entity) => `${entity.kind.toLowerCase()}:${NAMESPACE}/${entity.metadata.name}`;
  const samples = createRandom(seed + 1);
  const sampleComponents = samples.pickN(
    components.map((component) => component.name),
    Math.min(200, components.length),
  );
  const sampleRefs = samples.pickN(entities.map(refOf), Math.min(1000, entities.length)).sort();
  const user = entities.find((entity) => entity.kind === "User");
  const withRelations = entities.find((entity) => entity.kind === "Component" && entity.spec.providesApis && entity.spec.dependsOn);
  return {
    generator: "scripts/bench/catalog-generator.js",
    n,
    seed,
    kinds,
    specTypes,
    componentServiceCount: entities.filter((entity) => entity.kind === "Component" && entity.spec.type === "service").length,
    sampleComponents,
    sampleRefs,
    sampleUser: user.metadata.name,
    sampleUserMemberOf: user.spec.memberOf,
    sampleComponentWithRelations: withRelations ? withRelations.metadata.name : components[0].name,
    searchWord: "nebula",
    rootGroup: "acme",
    // What writeCatalog writes: as here for one file; a Location entity more when split over part files.
    locationEntitiesInFiles: 0,
    files: ["catalog.yaml"],
    expectedFromFiles: entities.length,
  };
}

/**
 * Writes the catalog for (n, seed) into `out`, in one file or split over `files` part files behind a Location entity,
 * and its manifest; returns the manifest. Catalog files already in `out` are replaced.
 */
export function writeCatalog({ n = 10000, seed = 42, files = 1, out }) {
  const { entities, manifest } = generateCatalog({ n, seed });
  mkdirSync(out, { recursive: true });
  for (const name of readdirSync(out)) if (/^catalog(-part-\d+)?\.yaml$/.test(name)) unlinkSync(path.join(out, name));
  const dump = (list) => list.map((entity) => toYaml(entity).replace(/^\n/, "")).join("---\n");
  const written = [];
  if (files <= 1) {
    writeFileSync(path.join(out, "catalog.yaml"), dump(entities));
    written.push("catalog.yaml");
    manifest.locationEntitiesInFiles = 0;
  } else {
    const perFile = Math.ceil(entities.length / files);
    const targets = [];
    for (let part = 0; part < files; part++) {
      const name = `catalog-part-${String(part).padStart(2, "0")}.yaml`;
      writeFileSync(path.join(out, name), dump(entities.slice(part * perFile, (part + 1) * perFile)));
      targets.push(`./${name}`);
      written.push(name);
    }
    const location = { apiVersion: "backstage.io/v1alpha1", kind: "Location", metadata: { name: "synthetic-catalog", description: "Index of generated catalog parts" }, spec: { targets } };
    writeFileSync(path.join(out, "catalog.yaml"), dump([location]));
    manifest.locationEntitiesInFiles = 1;
  }
  manifest.files = written;
  // What the files define; the server adds one Location entity of its own per configured location.
  manifest.expectedFromFiles = entities.length + manifest.locationEntitiesInFiles;
  writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** A small YAML emitter for plain entity objects (strings as JSON strings, which YAML reads), so the generator needs no package. */
function toYaml(value, indent = "") {
  const key = (name) => (/^[A-Za-z0-9_./-]+$/.test(name) ? name : JSON.stringify(name));
  const scalar = (item) => (typeof item === "string" ? JSON.stringify(item) : String(item));
  const isObject = (item) => item !== null && typeof item === "object";
  if (Array.isArray(value)) {
    if (value.length === 0) return " []\n";
    return `\n${value.map((item) => (isObject(item) ? `${indent}- ${toYaml(item, `${indent}  `).trimStart()}` : `${indent}- ${scalar(item)}\n`)).join("")}`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return " {}\n";
    return `\n${entries.map(([name, item]) => (isObject(item) ? `${indent}${key(name)}:${toYaml(item, `${indent}  `)}` : `${indent}${key(name)}: ${scalar(item)}\n`)).join("")}`;
  }
  return ` ${scalar(value)}\n`;
}

/** mulberry32: a small, fast, deterministic generator of numbers in [0, 1), and the draws built on it. */
function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (low, high) => low + Math.floor(next() * (high - low + 1)); // both ends included
  const pick = (list) => list[Math.floor(next() * list.length)];
  const pickN = (list, wanted) => {
    const chosen = new Set();
    const size = Math.min(wanted, list.length);
    while (chosen.size < size) chosen.add(pick(list));
    return [...chosen];
  };
  const weighted = (pairs) => {
    const total = pairs.reduce((sum, [, weight]) => sum + weight, 0);
    let rest = next() * total;
    for (const [value, weight] of pairs) if ((rest -= weight) < 0) return value;
    return pairs[pairs.length - 1][0];
  };
  return { next, int, pick, pickN, weighted };
}

function parseArgs(argv) {
  const args = { n: 10000, seed: 42, out: "data", files: 1 };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "-h" || arg === "--help") {
      console.log(USAGE);
      process.exit(0);
    }
    const name = { "--n": "n", "--seed": "seed", "--out": "out", "--files": "files" }[arg];
    if (!name || argv[index + 1] === undefined) throw new Error(`unknown argument ${arg}\n${USAGE}`);
    args[name] = name === "out" ? argv[++index] : Number(argv[++index]);
  }
  if (!Number.isInteger(args.n) || args.n < 100) throw new Error("--n must be an integer of at least 100");
  if (!Number.isInteger(args.seed) || args.seed < 0) throw new Error("--seed must be a non-negative integer");
  if (!Number.isInteger(args.files) || args.files < 1 || args.files > 1000) throw new Error("--files must be an integer from 1 to 1000");
  return args;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2));
  const manifest = writeCatalog(args);
  console.log(`wrote ${manifest.n} entities (${JSON.stringify(manifest.kinds)}) to ${args.out}/ in ${manifest.files.length} file(s)`);
}
