/**
 * Calls `fn` at once, then at most once per `ms`: a call inside the window is
 * kept and run when the window ends, so the last state always wins. The
 * graph re-lays itself out through this (every 250 ms at most, as Backstage's).
 */
export function throttle(fn: () => void, ms: number): { (): void; cancel(): void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  const throttled = () => {
    if (timer) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
