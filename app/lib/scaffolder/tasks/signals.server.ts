// Wake-ups within this process: a new task wakes the workers, a new event
// wakes the event streams of its task, so neither waits for its next poll.
// Other replicas are not reached this way; their workers and streams poll
// the database (the fallback that makes a wake-up an optimisation only).

export type Signals = {
  notify(topic: string): void;
  /** Resolves at the next notify of the topic, after `ms`, or when `signal` aborts, whichever comes first. */
  wait(topic: string, ms: number, signal?: AbortSignal): Promise<void>;
};

export function createSignals(): Signals {
  const waiters = new Map<string, Set<() => void>>();
  return {
    notify(topic) {
      const set = waiters.get(topic);
      if (!set) return;
      waiters.delete(topic);
      for (const wake of set) wake();
    },
    wait(topic, ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          waiters.get(topic)?.delete(done);
          if (waiters.get(topic)?.size === 0) waiters.delete(topic);
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal?.addEventListener("abort", done, { once: true });
        let set = waiters.get(topic);
        if (!set) waiters.set(topic, (set = new Set()));
        set.add(done);
      });
    },
  };
}
