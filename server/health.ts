import { Router } from "express";

// Backstage's health endpoints. Readiness turns true once config, database
// and migrations are ready; liveness only says the process answers.

export const HEALTH_PATHS = ["/healthcheck", "/.backstage/health/v1/readiness", "/.backstage/health/v1/liveness"];

export function healthRouter(isReady: () => boolean): Router {
  const router = Router();
  const readiness = (_req: unknown, res: import("express").Response) => {
    if (isReady()) res.json({ status: "ok" });
    else res.status(503).json({ status: "error", message: "Backend has not started yet" });
  };
  router.get("/healthcheck", readiness);
  router.get("/.backstage/health/v1/readiness", readiness);
  router.get("/.backstage/health/v1/liveness", (_req, res) => {
    res.json({ status: "ok" });
  });
  return router;
}
