import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { loadConfig, type LoadedConfig } from "../app/lib/config/load.server";
import { backendBaseUrlOf, basePathOf, listenOptionsOf } from "../app/lib/config/runtime";
import { authenticate } from "../app/lib/auth/authenticate.server";
import { signInOptions } from "../app/lib/auth/identity";
import { readAuthSettings } from "../app/lib/auth/provider-config.server";
import { requestContext } from "../app/lib/context.server";
import { scriptNonceContext } from "../app/lib/http/script-nonce";
import { isInMemoryDatabase, openDatabase, type AtriumDatabase } from "../app/lib/db/client.server";
import { createDatabaseHealth, type DatabaseHealth, type HealthStatus } from "../app/lib/db/health.server";
import { withRequestSignal } from "../app/lib/db/query-signal.server";
import { migrateToLatest } from "../app/lib/db/migrate.server";
import { InputError, NotAllowedError, NotFoundError, ServiceUnavailableError } from "../app/lib/errors";
import { createLogger, type Logger } from "../app/lib/logger.server";
import { createServices, type Services } from "../app/lib/services.server";
import { proxyUpgrade } from "../app/lib/kubernetes/proxy-upgrade.server";
import { demoClusterDetails, startDemoCluster, type DemoCluster, type DemoClusterAddress } from "./demo-kubernetes/demo-cluster";
import { withBasePath } from "./base-path";
import { compressResponses, precompressedAssets } from "./compression";
import { limitPageBodies } from "./body-limits";
import { browserHeaders, scriptNonceOf } from "./browser-headers";
import { devIdentityProvider } from "./dev-identity-provider";
import { healthRouter } from "./health";
import { checkProtectedMode, guardAssets } from "./protected-mode";
import { loginRateLimit } from "./login-rate-limit";
import { reactRouterRequestHandler } from "./react-router-handler";
import { pathGuard, pathProblem, requestLogging, sendError } from "./request-guards";
import { createUpgradeHandler, refuse as refuseUpgrade, type UpgradeRoute } from "./websockets";

// The Express app around React Router: this module is the server bundle's
// entry (vite.config.ts), so it shares every module instance with the routes.
// server/index.js only listens, forwards upgrades and shuts down.

export type AtriumOptions = {
  rootDir?: string;
  argv?: string[];
  env?: Record<string, string | undefined>;
  /** In development, Vite's middlewares serve the client modules. */
  viteMiddlewares?: RequestHandler;
  upgradeRoutes?: UpgradeRoute[];
  /** This process's number among several workers (server/workers.js): every log line names it. */
  worker?: number;
  /**
   * Among several workers: "http" serves requests and leaves the global
   * background tasks to the one "background" worker, which serves none.
   * Alone, a process does both.
   */
  role?: "http" | "background";
  /** kubernetes.demoCluster's cluster, when the primary of several workers started it for them all. */
  demoCluster?: DemoClusterAddress;
};

export type Atrium = {
  app: express.Express;
  config: LoadedConfig;
  listen: { host?: string; port: number };
  logger: Logger;
  /** Settles when the database is migrated and every request is served. */
  ready: Promise<void>;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
};

declare global {
  // The base path for asset URLs in server-rendered code (vite.config.ts renderBuiltUrl).
  var __atriumBasePath: string;
}

/** Builds the app; throws ConfigError at once when the configuration is bad. */
export function createAtrium(options: AtriumOptions = {}): Atrium {
  const rootDir = options.rootDir ?? process.cwd();
  const env = options.env ?? process.env;
  const logger = options.worker === undefined ? createLogger(env) : createLogger(env).child({ worker: options.worker });
  const config = loadConfig({ rootDir, argv: options.argv, env });
  if (config.unusedKeys.length > 0) {
    logger.info({ keys: config.unusedKeys }, "Configuration keys that Atrium does not use were kept");
  }
  checkProtectedMode(config.config);
  const basePath = basePathOf(config.config.app.baseUrl);
  globalThis.__atriumBasePath = basePath;
  // Validated now, so a bad provider entry stops the process before it listens.
  const authSettings = readAuthSettings(config.config, backendBaseUrlOf(config.config));
  if (authSettings.unknownProviders.length > 0) logger.info({ providers: authSettings.unknownProviders }, "Auth providers that Atrium does not know were ignored");
  const unconfigured = signInOptions(config.config.auth.signInPage).filter((option) => !["guest", "custom"].includes(option) && !authSettings.providers.some((provider) => provider.id === option));
  if (config.config.backend.auth?.dangerouslyDisableDefaultAuthPolicy) {
    logger.warn("backend.auth.dangerouslyDisableDefaultAuthPolicy is set: every /api route admits callers without credentials, and the permission policy alone decides what they may do");
  }
  if (unconfigured.length > 0)
    logger.warn({ options: unconfigured, environment: authSettings.environment }, "auth.signInPage lists providers not configured for this auth environment; the sign-in page leaves them out");

  let services: Services | undefined;
  let database: AtriumDatabase | undefined;
  let databaseHealth: DatabaseHealth | undefined;
  let demoCluster: DemoCluster | undefined;
  const ready = (async () => {
    // The process that processes the catalog checkpoints SQLite's log on a thread of its own; its HTTP workers leave that to it.
    const ingests = options.role !== "http";
    const opened = (database = await openDatabase(config.config.backend.database, rootDir, logger, { walCheckpoints: ingests ? "thread" : "elsewhere", ingests }));
    const kubernetes = config.config.kubernetes;
    let demo: DemoClusterAddress | undefined = kubernetes.demoCluster ? options.demoCluster : undefined;
    if (kubernetes.demoCluster && !demo) {
      demo = demoCluster = await startDemoCluster();
      logger.info({ cluster: demoCluster.name, url: demoCluster.url }, "Started the simulated demo Kubernetes cluster (kubernetes.demoCluster)");
    }
    // Replicas starting together on one database migrate and seed (the
    // catalog's config roots) one at a time, under the database's start-up lock.
    const { applied, created } = await opened.exclusively(async () => {
      const applied = await migrateToLatest(opened);
      const kubernetesClusters = demo ? [demoClusterDetails(demo, kubernetes.clusterRequestTimeout)] : [];
      const created = createServices({ config, database: opened, logger, rootDir, kubernetesClusters, runsGlobalTasks: ingests });
      await created.catalog.start();
      return { applied, created };
    });
    created.scheduler.start();
    databaseHealth = createDatabaseHealth(() => opened.check(), { logger });
    services = created;
    logger.info({ database: database.description, client: database.client, migrations: applied }, "Atrium is ready");
  })();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.config.backend.trustProxy ?? false);
  app.use(requestLogging(logger));
  app.use(browserHeaders({ development: Boolean(options.viteMiddlewares) }));
  // A request's database reads are cancelled when its client leaves (app/lib/db/query-signal.server.ts).
  app.use((req, res, next) => withRequestSignal(res, next));
  app.use(pathGuard(basePath));
  app.use(compressResponses());

  const readiness = (): Promise<HealthStatus> => (services && databaseHealth ? databaseHealth.status() : Promise.resolve({ ok: false, message: "Backend has not started yet" }));
  const health = healthRouter(readiness);
  app.use(health);
  if (basePath) app.use(basePath, health);

  app.use((req, res, next) => {
    if (services) return next();
    sendError(req, res, new ServiceUnavailableError("Atrium is starting, try again in a moment"));
  });

  if (basePath) app.use(outsideBasePath(basePath));
  app.use(sameOriginMutations);
  const build = serverBuildLoader(basePath, Boolean(options.viteMiddlewares));
  app.use(loginRateLimit(() => services?.authProviders.loginRateLimiter, build));
  app.use(limitPageBodies(config.config.backend.limits, basePath));
  if (authSettings.developmentIdentityProvider) {
    app.use(`${basePath}/api/auth/dev-idp`, devIdentityProvider({ config: config.config, settings: authSettings, services: () => services, logger }));
  }
  if (options.viteMiddlewares) {
    // In development Vite serves the modules; protected mode guards the built assets only.
    app.use(options.viteMiddlewares);
  } else {
    const clientDir = path.join(rootDir, "build", "client");
    if (config.config.auth.protectedMode) app.use(guardAssets({ basePath, clientDir, tokens: () => (services as Services).tokens, build }));
    const assetsDir = path.join(clientDir, "assets");
    app.use(`${basePath}/assets`, precompressedAssets(assetsDir), express.static(assetsDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
    // The API is never a file: skip the stat of build/client every API request would cost.
    const statics = express.static(clientDir, { maxAge: "1h", index: false });
    // Nor is a page path that does not decode (pathGuard): React Router answers it with the error page.
    app.use(basePath || "/", (req, res, next) => (req.path.startsWith("/api/") || res.locals.undecodablePagePath ? next() : statics(req, res, next)));
  }

  const development = Boolean(options.viteMiddlewares);
  const getLoadContext = async (req: Request, res: Response) => {
    const context = new RouterContextProvider();
    const ready = services as Services;
    const auth = await authenticate(ready.tokens, { authorization: req.get("authorization"), cookie: req.get("cookie") }, ready.externalAccess);
    context.set(requestContext, { ...ready, requestId: String(res.locals.requestId), auth });
    context.set(scriptNonceContext, () => scriptNonceOf(res));
    return context;
  };
  // Mounted without a path pattern: a pattern's parameters are decoded, and a page path that does not decode is React Router's to answer (pathGuard).
  app.use(reactRouterHandler(build, development, getLoadContext));
  app.use(errorHandler(logger));

  // The Kubernetes proxy's upgrades (the pod terminal), once the services are ready.
  const kubernetesProxyUpgrades: UpgradeRoute = {
    matches: (pathname) => pathname.startsWith("/api/kubernetes/proxy/"),
    onConnection: () => undefined,
    takeSocket(req, socket, head, pathname) {
      if (!services) return refuseUpgrade(socket, 503, "Service Unavailable");
      const ready = services;
      socket.on("error", () => socket.destroy());
      authenticate(ready.tokens, { authorization: req.headers.authorization, cookie: req.headers.cookie }, ready.externalAccess)
        .then((auth) => proxyUpgrade({ ...ready, requestId: randomUUID(), auth }, req, socket, head, pathname))
        .catch((error: unknown) => {
          logger.error({ err: error }, "Kubernetes proxy upgrade failed");
          socket.destroy();
        });
    },
  };
  const upgrade = createUpgradeHandler(basePath, [kubernetesProxyUpgrades, ...(options.upgradeRoutes ?? [])], pathProblem);

  return {
    app,
    config,
    listen: listenOptionsOf(config.config),
    logger,
    ready,
    handleUpgrade: upgrade.handleUpgrade,
    async close() {
      upgrade.close();
      await ready.catch(() => undefined);
      await services?.scheduler.stop();
      await database?.destroy();
      await demoCluster?.server.close();
    },
  };
}

export type WorkerPlan = {
  /** How many worker processes to run: backend.workers, the machine's cores by default, one when they could not share the database. */
  workers: number;
  /** How many backend.workers asked for (the cores this process may use, os.availableParallelism(), when unset). */
  asked: number;
  /** Why one process serves although more were asked for. */
  singleBecause?: string;
  /** kubernetes.demoCluster: the primary starts the one cluster every worker reads (its objects live in its memory). */
  demoCluster: boolean;
  logger: Logger;
};

/**
 * What server/index.js decides before it forks workers (server/workers.js);
 * throws ConfigError when the configuration is bad, before any process is
 * forked. An in-memory SQLite database lives in one process, so it gets one.
 */
export function planWorkers(options: Pick<AtriumOptions, "rootDir" | "argv" | "env"> = {}): WorkerPlan {
  const env = options.env ?? process.env;
  const { config } = loadConfig({ rootDir: options.rootDir ?? process.cwd(), argv: options.argv, env });
  const logger = createLogger(env).child({ worker: "primary" });
  // As many as the cores the process may use unless configured (docs/decisions/048-workers.md).
  const asked = config.backend.workers ?? availableParallelism();
  const plan = { workers: asked, asked, logger, demoCluster: config.kubernetes.demoCluster };
  if (asked > 1 && isInMemoryDatabase(config.backend.database)) {
    return { ...plan, workers: 1, singleBecause: "an in-memory SQLite database (connection ':memory:') cannot be shared between processes" };
  }
  return plan;
}

export { startDemoCluster };

/** Under a prefix, '/' and the bare prefix lead to the portal's home; anything else outside it is not ours. */
function outsideBasePath(basePath: string): RequestHandler {
  return (req, res, next) => {
    const pathname = req.path;
    if (pathname.startsWith(`${basePath}/`)) return next();
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    if ((pathname === "/" || pathname === basePath) && (req.method === "GET" || req.method === "HEAD")) {
      return res.redirect(302, `${basePath}/${query}`);
    }
    sendError(req, res, new NotFoundError(`No page or route at ${pathname.slice(0, 200)}`));
  };
}

/**
 * A browser posting a form or calling the API from another site sends an
 * Origin that is not ours: refused with 403 before any action runs.
 * Requests without an Origin (command-line clients, server-to-server) pass;
 * they carry no browser cookies to abuse.
 */
function sameOriginMutations(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const origin = req.get("origin");
  if (!origin) return next();
  let ours: string;
  try {
    ours = new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    ours = "";
  }
  if (origin === ours) return next();
  sendError(req, res, new NotAllowedError(`Cross-site request refused: origin ${origin.slice(0, 200)} is not ${ours || "this site"}`));
}

/**
 * React Router's handler. Given a build function it derives its route tables
 * again on every request (a tenth of the server's time under load); in
 * production the build never changes, so it is derived once, and only
 * development reloads it per request.
 */
function reactRouterHandler(build: () => Promise<ServerBuild>, development: boolean, getLoadContext: (req: Request, res: Response) => Promise<RouterContextProvider>): RequestHandler {
  if (development) return reactRouterRequestHandler(build, "development", getLoadContext);
  const handler = build().then((loaded) => reactRouterRequestHandler(loaded, "production", getLoadContext));
  return (req, res, next) => {
    handler.then((handle) => handle(req, res, next), next);
  };
}

function serverBuildLoader(basePath: string, development: boolean): () => Promise<ServerBuild> {
  const load = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  if (development) return async () => withBasePath(await load(), basePath);
  const once = load().then((build) => withBasePath(build, basePath));
  return () => once;
}

function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
    if (status === 404) return sendError(req, res, new NotFoundError(`Not found: ${req.path.slice(0, 200)}`));
    // Other client errors raised by middleware (a body that does not parse, a bad range).
    if (status && status >= 400 && status < 500) return sendError(req, res, new InputError((error as Error).message));
    logger.error({ err: error, requestId: res.locals.requestId }, "Request failed");
    if (res.headersSent) return res.end();
    sendError(req, res, error);
  };
}
