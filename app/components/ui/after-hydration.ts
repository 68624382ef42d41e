import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A module only scripts use (a widget's Headless UI half), fetched once the
 * page has hydrated rather than with the page's own chunks, so that a page
 * does not wait for, or pay for, what it may never open. Returns a hook that
 * gives undefined on the server, while the page hydrates and until the
 * module has arrived, then the module. Until then the widget goes on
 * rendering what it renders without JavaScript, which is also what the
 * server sent, so hydration does not change it. The module is fetched once
 * per page load, on the first hydrated render that asks for it (`wanted`),
 * and later mounts have it at once. If it fails to load, the widget stays as
 * it works without JavaScript; a later mount tries again.
 */
export function loadAfterHydration<Module>(load: () => Promise<Module>): (wanted?: boolean) => Module | undefined {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  return function useModuleAfterHydration(wanted = true) {
    const hydrated = useHydrated();
    const [module, setModule] = useState<Module | undefined>(loaded);
    useEffect(() => {
      if (!hydrated || !wanted || module) return;
      let mounted = true;
      loading ??= load().then((value) => (loaded = value));
      loading.then(
        (value) => {
          if (mounted) setModule(value);
        },
        () => {
          loading = undefined;
        },
      );
      return () => {
        mounted = false;
      };
    }, [hydrated, wanted, module]);
    return hydrated && wanted ? (module ?? loaded) : undefined;
  };
}
