// A real Backstage catalog backend, and nothing else, for
// `npm run bench:catalog -- --compare` (scripts/bench-catalog.js): the
// catalog plugin on backend-defaults, as `backstage-cli new` would create it
// without the other plugins. Installed and started by start.sh beside this
// file; never part of the repository's own dependencies.
import { createBackend } from "@backstage/backend-defaults";
import { createBackendModule } from "@backstage/backend-plugin-api";
import { catalogLocationsExtensionPoint } from "@backstage/plugin-catalog-node";

// Backstage accepts only `url` locations through POST /api/catalog/locations
// (DefaultLocationService); the benchmark registers the generated catalog as
// a `file` location, as Atrium's benchmark configures it, so no file server
// and no integration sit between the catalog and its files.
const allowFileLocations = createBackendModule({
  pluginId: "catalog",
  moduleId: "bench-file-locations",
  register(env) {
    env.registerInit({
      deps: { locations: catalogLocationsExtensionPoint },
      async init({ locations }) {
        locations.setAllowedLocationTypes(["url", "file"]);
      },
    });
  },
});

const backend = createBackend();
backend.add(import("@backstage/plugin-catalog-backend"));
backend.add(allowFileLocations);
backend.start();
