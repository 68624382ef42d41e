import { Router } from "express";
import type { HealthStatus } from "../app/lib/db/health.server";

// Backstage's health endpoints. Readiness is true once config, database and
// migrations are ready and, from then on, while the database answers a real
// round trip (app/lib/db/health.server.ts): a replica whose database is gone
// or cannot write is taken out of rotation, and comes back by itself.
// Liveness only says the process answers, so an outage never gets it killed.

export const HEALTH_PATHS = ["/healthcheck", "/.backstage/health/v1/readiness", "/.backstage/health/v1/liveness"];

export function healthRouter(readiness: () => Promise<HealthStatus>): Router {
  const router = Router();
  const ready = async (_req: unknown, res: import("express").Response) => {
    const status = await readiness();
    if (status.ok) res.json({ status: "ok" });
    else res.status(503).json({ status: "error", message: status.message });
  };
  router.get("/healthcheck", ready);
  router.get("/.backstage/health/v1/readiness", ready);
  router.get("/.backstage/health/v1/liveness", (_req, res) => {
    res.json({ status: "ok" });
  });
  return router;
}
