// Login attempts per client address in a fixed window. Counts live in this
// process: with several replicas an address gets the budget once per replica
// it reaches, which still bounds guessing (decision 011).

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = { attempt(key: string): RateLimitDecision };

/** Windows are swept when this many addresses are tracked, so a flood of addresses cannot grow memory without bound. */
const SWEEP_AT = 10_000;

export function createRateLimiter(options: { max: number; windowSeconds: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const windowMs = options.windowSeconds * 1000;
  const windows = new Map<string, { startedAt: number; count: number }>();

  function sweep(at: number) {
    for (const [key, window] of windows) if (at - window.startedAt >= windowMs) windows.delete(key);
  }

  return {
    attempt(key) {
      const at = now();
      if (windows.size >= SWEEP_AT) sweep(at);
      let window = windows.get(key);
      if (!window || at - window.startedAt >= windowMs) {
        window = { startedAt: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= options.max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000)) };
    },
  };
}
