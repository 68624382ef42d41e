import { lazy, type ComponentType } from "react";

/**
 * A part of a page that is a chunk of its own (a tab's content, a card only
 * some entities have, a dialog the URL opens), so that the page's first load
 * does not carry what it may not show. The route's loader calls `preload()`
 * where the page will show it: on the server the module is then there and
 * the lazy component renders at once, in the first HTML. No <Suspense>
 * around it on purpose: React outlines a large boundary's content behind a
 * script even when it is ready, which a browser without JavaScript never
 * runs. In the browser, hydration and the navigation that shows it wait for
 * the chunk (a navigation is a transition: the page stays as it was
 * meanwhile), unless something started it sooner (`prefetch()`, when a
 * navigation that will show it begins); once loaded, every later render has
 * it at once.
 */
export function lazyView<Module>(load: () => Promise<Module>) {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const preload = (): Promise<Module> =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed fetch is tried again by the next render.
        loading = undefined;
        throw error;
      },
    ));
  /** The module's component, as React.lazy; it resolves synchronously once the module is loaded. */
  function component<Props extends object>(pick: (module: Module) => ComponentType<Props>) {
    return lazy(() => {
      const ready = loaded;
      // React's lazy reads a thenable that resolves while it subscribes as already resolved: no suspension.
      if (ready !== undefined)
        return { then: (resolve: (value: { default: ComponentType<Props> }) => void) => resolve({ default: pick(ready) }) } as unknown as Promise<{ default: ComponentType<Props> }>;
      return preload().then((module) => ({ default: pick(module) }));
    });
  }
  /** Starts loading it without waiting; a failure is left to the render that needs it, which tries again. */
  const prefetch = (): void => {
    preload().catch(() => undefined);
  };
  return { preload, prefetch, component };
}
