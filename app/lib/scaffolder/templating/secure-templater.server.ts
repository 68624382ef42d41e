import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";
import nunjucks from "nunjucks";
import type { TemplateFilter, TemplateGlobalFunction } from "./filters";

// The scaffolder's templating, as Backstage's SecureTemplater
// (plugins/scaffolder-backend/src/lib/templating/SecureTemplater.ts): nunjucks
// with `${{ }}` as variable delimiters (`{{ }}` in cookiecutter compatibility,
// plus the `jsonify` filter), autoescape off, values handed over as JSON, and
// filters and globals reached only through JSON.
//
// Backstage isolates nunjucks in isolated-vm; Atrium uses node:vm with these
// layers instead (docs/decisions/028-scaffolder-templating.md):
// - templates are compiled to JavaScript outside the render realm, by
//   nunjucks's own compiler in a realm of its own that never sees values;
// - they run in a realm with string code generation turned off (no eval, no
//   Function), whose intrinsics are frozen after nunjucks has loaded, and into
//   which only strings cross: values as JSON, filter results as JSON;
// - member lookups of `constructor`, `__proto__`, `prototype` and the legacy
//   accessor methods are refused;
// - every render runs under a time limit, `range` is capped, and an output
//   (or a string or list a method returns) longer than the limit is refused.

export type TemplateGlobal = TemplateGlobalFunction | unknown;

export type TemplaterOptions = {
  /** `{{ }}` delimiters, Jinja2 compatibility and the `jsonify` filter, for cookiecutter skeletons (fetch:template). */
  cookiecutterCompat?: boolean;
  /** Filters by name; Backstage's defaults come from createDefaultFilters. */
  filters?: Record<string, TemplateFilter>;
  /** Global functions and values by name. */
  globals?: Record<string, TemplateGlobal>;
  /** More global functions by name (merged into `globals`). */
  functions?: Record<string, TemplateGlobalFunction>;
  /** Backstage's option names (fetch:template's): merged into `filters` and `globals`. */
  templateFilters?: Record<string, TemplateFilter>;
  templateGlobals?: Record<string, TemplateGlobal>;
  /** nunjucks's whitespace options, as Backstage's `nunjucksConfigs`. */
  nunjucksConfigs?: { trimBlocks?: boolean; lstripBlocks?: boolean };
  /** How long one render may run, in milliseconds. */
  timeoutMs?: number;
  /** The longest output, in characters. */
  maxOutputLength?: number;
};

export const DEFAULT_RENDER_TIMEOUT_MS = 1000;
export const DEFAULT_MAX_OUTPUT_LENGTH = 10 * 1024 * 1024;
/** The most items `range()` gives; a template that needs more is looping over nothing useful. */
export const MAX_RANGE_LENGTH = 100_000;
/** The longest list a method may return (`concat` doubling a list, for one). */
export const MAX_LIST_LENGTH = 1_000_000;
const MAX_COMPILED_TEMPLATES = 1000;
/** The characters of template text and compiled code kept by each compiler realm. */
const MAX_CACHED_CODE_CHARS = 32 * 1024 * 1024;
/** How many templates renderStrings renders under one time limit. */
const RENDER_BATCH_SIZE = 50;

/** A template stopped by a limit (time, output size) or refused as hostile; never swallowed by renderValue. */
export class TemplateLimitError extends Error {
  override name = "TemplateLimitError";
}

/** A template that does not parse or fails while rendering (an unknown filter, a filter's own error). */
export class TemplateRenderError extends Error {
  override name = "TemplateRenderError";
}

export type Templater = {
  /** Renders a template string to a string. */
  renderString(template: string, context: unknown): string;
  /**
   * Renders many templates with the same values (a skeleton's file names or
   * contents), in batches that share one time limit each: cheaper than one
   * renderString per template. Throws at the first template that fails.
   */
  renderStrings(templates: string[], context: unknown): string[];
  /**
   * Renders every string inside a value (objects and arrays deeply), as
   * Backstage's workflow runner renders a step's input: a string that is one
   * `${{ expr }}` keeps the expression's type, a string that renders empty
   * becomes undefined.
   */
  renderValue<T>(value: T, context: unknown, options?: { onParseError?: (message: string) => void }): T;
  /** Whether a string is one `${{ }}` expression and nothing else. */
  isSingleTemplateString(value: string): boolean;
};

const BLOCKED_MEMBERS = ["constructor", "__proto__", "prototype", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__", "caller", "callee", "arguments"];

const require_ = createRequire(import.meta.url);
let nunjucksBrowserSources: { full: string; slim: string } | undefined;
function browserSources() {
  nunjucksBrowserSources ??= {
    full: readFileSync(require_.resolve("nunjucks/browser/nunjucks.js"), "utf8"),
    slim: readFileSync(require_.resolve("nunjucks/browser/nunjucks-slim.js"), "utf8"),
  };
  return nunjucksBrowserSources;
}

// The browser bundles are UMD; given `module` they export through it, and
// jinja-compat reads `process.env`.
function moduleWrapper(source: string): string {
  return `(function () { var module = { exports: {} }; var exports = module.exports; var process = { env: {} };\n${source}\n;return module.exports; })()`;
}

function tagsFor(cookiecutterCompat: boolean) {
  return cookiecutterCompat ? { variableStart: "{{", variableEnd: "}}" } : { variableStart: "${{", variableEnd: "}}" };
}

type CompilerRealm = { compile(template: string, timeoutMs: number): string };
const compilerRealms = new Map<string, CompilerRealm>();

/**
 * nunjucks's compiler in a realm of its own, one per option set: template
 * text in, JavaScript out. Jinja compatibility patches nunjucks's parser
 * globally, so it lives in its own realm rather than in this process's copy.
 */
function compilerRealm(cookiecutterCompat: boolean, configs: TemplaterOptions["nunjucksConfigs"]): CompilerRealm {
  const opts = { autoescape: false, throwOnUndefined: false, trimBlocks: !!configs?.trimBlocks, lstripBlocks: !!configs?.lstripBlocks, tags: tagsFor(cookiecutterCompat) };
  const key = JSON.stringify([cookiecutterCompat, opts]);
  const existing = compilerRealms.get(key);
  if (existing) return existing;
  const sandbox: Record<string, string> = { __opts: JSON.stringify(opts), __compat: String(cookiecutterCompat) };
  const context = vm.createContext(sandbox, { name: "nunjucks compiler" });
  vm.runInContext(
    `var __nunjucks = ${moduleWrapper(browserSources().full)};
     if (__compat === "true") __nunjucks.installJinjaCompat();
     var __compileOpts = JSON.parse(__opts);
     function __compile() {
       try {
         return { code: __nunjucks.compiler.compile(__src, [], [], undefined, __compileOpts) };
       } catch (error) {
         return { error: String(error && error.message) };
       }
     }`,
    context,
  );
  const run = new vm.Script("JSON.stringify(__compile())");
  // Compiling is most of a render's cost, and many tasks render the same
  // skeleton: the code is kept per template text, up to a budget of characters.
  const cache = new Map<string, string>();
  let cachedChars = 0;
  const realm: CompilerRealm = {
    compile(template, timeoutMs) {
      const known = cache.get(template);
      if (known !== undefined) {
        cache.delete(template);
        cache.set(template, known);
        return known;
      }
      const code = compileNow(template, timeoutMs);
      if (template.length + code.length <= MAX_CACHED_CODE_CHARS) {
        cache.set(template, code);
        cachedChars += template.length + code.length;
        for (const [oldest, oldCode] of cache) {
          if (cachedChars <= MAX_CACHED_CODE_CHARS) break;
          cache.delete(oldest);
          cachedChars -= oldest.length + oldCode.length;
        }
      }
      return code;
    },
  };
  function compileNow(template: string, timeoutMs: number): string {
    sandbox.__src = template;
    let result: { code?: string; error?: string };
    try {
      // Under the time limit too: nunjucks's lexer slows down badly on some
      // inputs (a long run of unclosed comment openers).
      result = JSON.parse(run.runInContext(context, { timeout: timeoutMs }) as string);
    } catch (error) {
      throw limitErrorOf(error, timeoutMs) ?? new TemplateRenderError(`Template render error: ${messageOf(error)}`);
    } finally {
      sandbox.__src = "";
    }
    if (result.error !== undefined) throw new TemplateRenderError(`Template render error: ${result.error}`);
    return result.code!;
  }
  compilerRealms.set(key, realm);
  return realm;
}

function messageOf(error: unknown): string {
  if (error && typeof error === "object" && "message" in error) return String((error as { message: unknown }).message);
  return String(error);
}

function limitErrorOf(error: unknown, timeoutMs: number): TemplateLimitError | undefined {
  if (error && typeof error === "object" && (error as { code?: unknown }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
    return new TemplateLimitError(`Template rendering took longer than ${timeoutMs} ms and was stopped`);
  }
  return undefined;
}

// The render realm's bootstrap: nunjucks's runtime (the slim bundle has no
// compiler), the guarded lookups, the filters and globals as JSON bridges,
// then the intrinsics frozen so a template cannot change them for the next.
const RENDER_BOOTSTRAP = `
var __atrium = (function () {
  var nunjucks = __NUNJUCKS__;
  var bridge = globalThis.__bridge;
  var config = JSON.parse(globalThis.__config);
  delete globalThis.__bridge;
  delete globalThis.__config;

  // A limit that stops a render is remembered here, whatever nunjucks wraps
  // the thrown error in.
  var limitHit = null;
  function limit(message) {
    limitHit = message;
    return new Error(message);
  }
  var blocked = Object.create(null);
  config.blocked.forEach(function (name) { blocked[name] = true; });
  function refuse(name) {
    throw limit('Access to "' + name + '" is not allowed in templates');
  }
  function checkSize(value) {
    if (typeof value === "string" && value.length > config.maxOutputLength) {
      throw limit("Template output is longer than " + config.maxOutputLength + " characters");
    }
    if (Array.isArray(value) && value.length > config.maxListLength) {
      throw limit("Template produced a list longer than " + config.maxListLength + " items");
    }
    return value;
  }

  var runtime = nunjucks.runtime;
  runtime.memberLookup = function memberLookup(obj, val) {
    if (obj === undefined || obj === null) return undefined;
    if (blocked[String(val)]) refuse(String(val));
    var member = obj[val];
    if (typeof member === "function") {
      return function () { return checkSize(member.apply(obj, arguments)); };
    }
    return member;
  };
  var contextOrFrameLookup = runtime.contextOrFrameLookup;
  runtime.contextOrFrameLookup = function (context, frame, name) {
    if (blocked[String(name)]) refuse(String(name));
    return contextOrFrameLookup.apply(this, arguments);
  };

  var env = new nunjucks.Environment([], {
    autoescape: false,
    throwOnUndefined: false,
    trimBlocks: config.trimBlocks,
    lstripBlocks: config.lstripBlocks,
  });
  if (config.cookiecutterCompat) {
    nunjucks.installJinjaCompat();
    env.addFilter("jsonify", env.getFilter("dump"));
  }
  var range = env.globals.range;
  env.addGlobal("range", function (start, stop, step) {
    var from = stop === undefined ? 0 : Number(start);
    var to = stop === undefined ? Number(start) : Number(stop);
    var by = step === undefined ? 1 : Number(step);
    if (by !== 0 && Math.abs((to - from) / by) > config.maxRange) {
      throw limit("range() is limited to " + config.maxRange + " items");
    }
    return range.apply(this, arguments);
  });

  function callHost(kind, name, args) {
    var answer = JSON.parse(bridge(kind, name, JSON.stringify(Array.prototype.slice.call(args))));
    if (Object.prototype.hasOwnProperty.call(answer, "error")) throw new Error(answer.error);
    return checkSize(answer.value);
  }
  config.filters.forEach(function (name) {
    env.addFilter(name, function () { return callHost("filter", name, arguments); });
  });
  config.globalFunctions.forEach(function (name) {
    env.addGlobal(name, function () { return callHost("global", name, arguments); });
  });
  Object.keys(config.globalValues).forEach(function (name) {
    env.addGlobal(name, config.globalValues[name]);
  });

  var templates = new Map();
  function register(id, factory) {
    templates.set(id, new nunjucks.Template({ type: "code", obj: factory() }, env, undefined, true));
  }
  function forget() { templates.clear(); }
  function render(id, valuesJson) {
    limitHit = null;
    try {
      var output = templates.get(id).render(JSON.parse(valuesJson));
      checkSize(output);
      return { output: output };
    } catch (error) {
      return limitHit !== null ? { limit: limitHit } : { error: String(error && error.message) };
    }
  }
  // Several templates with the same values, under one time limit.
  function renderAll(idsJson, valuesJson) {
    var ids = JSON.parse(idsJson);
    var values = JSON.parse(valuesJson);
    var outputs = [];
    for (var i = 0; i < ids.length; i++) {
      limitHit = null;
      try {
        var output = templates.get(ids[i]).render(values);
        checkSize(output);
        outputs.push(output);
      } catch (error) {
        return limitHit !== null ? { limit: limitHit, index: i } : { error: String(error && error.message), index: i };
      }
    }
    return { outputs: outputs };
  }

  // The Error family stays unfrozen: nunjucks names its errors by assignment.
  [Object, Function, Array, String, Number, Boolean, Symbol, Date, RegExp, Map, Set, WeakMap, WeakSet, Promise, JSON, Math, Reflect,
   ArrayBuffer, DataView, BigInt, Proxy].forEach(function (intrinsic) {
    if (intrinsic && intrinsic.prototype) Object.freeze(intrinsic.prototype);
    if (intrinsic) Object.freeze(intrinsic);
  });
  Object.freeze(Object.getPrototypeOf(function* () {}));
  Object.freeze(Object.getPrototypeOf([][Symbol.iterator]()));

  return { register: register, forget: forget, render: render, renderAll: renderAll };
})();
`;

let nextTemplateId = 1;

/**
 * Creates a templater: one render realm with the given filters and globals.
 * Create one per task or action run and reuse it for every render within.
 */
export function createTemplater(options: TemplaterOptions = {}): Templater {
  const cookiecutterCompat = !!options.cookiecutterCompat;
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const maxOutputLength = options.maxOutputLength ?? DEFAULT_MAX_OUTPUT_LENGTH;
  const filters = { ...(options.filters ?? {}), ...(options.templateFilters ?? {}) };
  const globalFunctions: Record<string, TemplateGlobalFunction> = {};
  const globalValues: Record<string, unknown> = {};
  for (const [name, value] of Object.entries({ ...(options.globals ?? {}), ...(options.templateGlobals ?? {}), ...(options.functions ?? {}) })) {
    if (typeof value === "function") globalFunctions[name] = value as TemplateGlobalFunction;
    else globalValues[name] = value;
  }
  const compiler = compilerRealm(cookiecutterCompat, options.nunjucksConfigs);

  // Only strings cross into the realm; the bridge answers JSON and never lets
  // a host error object (whose constructor is this realm's Function) through.
  const bridge = (kind: string, name: string, argsJson: string): string => {
    try {
      const fn = kind === "filter" ? (Object.hasOwn(filters, name) ? filters[name] : undefined) : Object.hasOwn(globalFunctions, name) ? globalFunctions[name] : undefined;
      if (!fn) return JSON.stringify({ error: `Unknown ${kind} ${name}` });
      const value = fn(...(JSON.parse(argsJson) as unknown[]));
      return value === undefined ? "{}" : JSON.stringify({ value });
    } catch (error) {
      return JSON.stringify({ error: messageOf(error) });
    }
  };
  const sandbox: Record<string, unknown> = {
    __bridge: bridge,
    __config: JSON.stringify({
      blocked: BLOCKED_MEMBERS,
      maxOutputLength,
      maxRange: MAX_RANGE_LENGTH,
      maxListLength: MAX_LIST_LENGTH,
      cookiecutterCompat,
      trimBlocks: !!options.nunjucksConfigs?.trimBlocks,
      lstripBlocks: !!options.nunjucksConfigs?.lstripBlocks,
      filters: Object.keys(filters),
      globalFunctions: Object.keys(globalFunctions),
      globalValues: JSON.parse(JSON.stringify(globalValues)) as unknown,
    }),
  };
  const context = vm.createContext(sandbox, {
    name: "scaffolder template",
    codeGeneration: { strings: false, wasm: false },
    // Promise jobs a template might queue run inside the time limit, not after it.
    microtaskMode: "afterEvaluate",
  });
  new vm.Script(
    RENDER_BOOTSTRAP.replace("__NUNJUCKS__", () => moduleWrapper(browserSources().slim)),
    { filename: "nunjucks-slim.js" },
  ).runInContext(context);
  const renderScript = new vm.Script("__atrium.render(__id, __values)");
  const renderAllScript = new vm.Script("__atrium.renderAll(__ids, __values)");
  const forgetScript = new vm.Script("__atrium.forget()");
  const compiled = new Map<string, number>();

  function templateId(template: string): number {
    const known = compiled.get(template);
    if (known !== undefined) return known;
    if (compiled.size >= MAX_COMPILED_TEMPLATES) {
      compiled.clear();
      forgetScript.runInContext(context);
    }
    const code = compiler.compile(template, timeoutMs);
    const id = nextTemplateId++;
    try {
      // Registering only defines the compiled functions; the template's own
      // code runs in render, under the time limit.
      new vm.Script(`__atrium.register(${id}, function () {\n${code}\n});`, { filename: "template" }).runInContext(context);
    } catch (error) {
      throw limitErrorOf(error, timeoutMs) ?? new TemplateRenderError(`Template render error: ${messageOf(error)}`);
    }
    compiled.set(template, id);
    return id;
  }

  function renderString(template: string, values: unknown): string {
    const id = templateId(String(template));
    const valuesJson = JSON.stringify(values ?? {});
    sandbox.__id = id;
    sandbox.__values = valuesJson;
    let result: { output?: string; error?: string; limit?: string };
    try {
      result = renderScript.runInContext(context, { timeout: timeoutMs }) as typeof result;
    } catch (error) {
      throw limitErrorOf(error, timeoutMs) ?? new TemplateRenderError(messageOf(error));
    } finally {
      sandbox.__values = "";
    }
    // The result is an object of the realm; read its string fields only.
    const output = result?.output;
    if (typeof output === "string") return output;
    if (typeof result?.limit === "string") throw new TemplateLimitError(String(result.limit));
    throw new TemplateRenderError(String(result?.error));
  }

  function renderStrings(templates: string[], values: unknown): string[] {
    const valuesJson = JSON.stringify(values ?? {});
    const outputs: string[] = [];
    for (let start = 0; start < templates.length; start += RENDER_BATCH_SIZE) {
      const batch = templates.slice(start, start + RENDER_BATCH_SIZE).map((template) => String(template));
      const ids = batch.map(templateId);
      sandbox.__ids = JSON.stringify(ids);
      sandbox.__values = valuesJson;
      let result: { outputs?: unknown[]; error?: string; limit?: string; index?: number };
      try {
        result = renderAllScript.runInContext(context, { timeout: timeoutMs }) as typeof result;
      } catch (error) {
        throw limitErrorOf(error, timeoutMs) ?? new TemplateRenderError(messageOf(error));
      } finally {
        sandbox.__values = "";
      }
      if (Array.isArray(result?.outputs)) {
        for (const output of result.outputs) outputs.push(String(output));
        continue;
      }
      if (typeof result?.limit === "string") throw new TemplateLimitError(String(result.limit));
      throw new TemplateRenderError(String(result?.error));
    }
    return outputs;
  }

  function isSingleTemplateString(value: string): boolean {
    return isSingleExpression(value, cookiecutterCompat);
  }

  function renderValue<T>(value: T, values: unknown, renderOptions: { onParseError?: (message: string) => void } = {}): T {
    if (value === undefined) return value;
    return JSON.parse(JSON.stringify(value), (_key, item: unknown) => {
      if (typeof item !== "string") return item;
      // Text without a tag renders as itself: no trip into the realm (each costs a watchdog thread for the time limit).
      if (!hasTemplateSyntax(item, cookiecutterCompat)) return item === "" ? undefined : item;
      try {
        try {
          if (isSingleTemplateString(item)) {
            // `${{ parameters.x }}` becomes `${{ (parameters.x) | dump }}`, so
            // the JSON of the value comes back and keeps its type.
            const dumped = item.replace(/\$\{\{(.+)\}\}/g, "${{ ( $1 ) | dump }}");
            const rendered = renderString(dumped, values);
            if (rendered === "") return undefined;
            return JSON.parse(rendered) as unknown;
          }
        } catch (error) {
          if (error instanceof TemplateLimitError) throw error;
          renderOptions.onParseError?.(`Failed to parse template string: ${item} with error ${messageOf(error)}`);
        }
        const rendered = renderString(item, values);
        return rendered === "" ? undefined : rendered;
      } catch (error) {
        // Backstage keeps the raw string when a template fails to render; a
        // template stopped by a limit fails the render instead.
        if (error instanceof TemplateLimitError) throw error;
        return item;
      }
    }) as T;
  }

  return { renderString, renderStrings, renderValue, isSingleTemplateString };
}

/** Whether nunjucks, with Backstage's tags (`${{ }}`, or `{{ }}` for cookiecutter), would find anything but text in `value`. */
function hasTemplateSyntax(value: string, cookiecutterCompat: boolean): boolean {
  return value.includes("{%") || value.includes("{#") || value.includes(cookiecutterCompat ? "{{" : "${{");
}

type ParsedNode = { children?: ParsedNode[] };
const nunjucksInternals = nunjucks as unknown as {
  parser: { parse(src: string, extensions: unknown, opts: unknown): ParsedNode };
  nodes: { TemplateData: new (...args: unknown[]) => unknown };
};

/**
 * Backstage's test (NunjucksWorkflowRunner.isSingleTemplateString): the parsed
 * template is one output node, and that node is not plain text.
 */
export function isSingleExpression(value: string, cookiecutterCompat = false): boolean {
  try {
    const parsed = nunjucksInternals.parser.parse(value, {}, { autoescape: false, tags: tagsFor(cookiecutterCompat) });
    return parsed.children?.length === 1 && !(parsed.children[0]?.children?.[0] instanceof nunjucksInternals.nodes.TemplateData);
  } catch {
    return false;
  }
}
