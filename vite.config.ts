import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The server bundle is our Express app (server/app.ts), which mounts the
  // React Router handler; server/index.js only listens and shuts down.
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  experimental: {
    // Assets must load under whatever path prefix app.baseUrl has at run time,
    // so the build never bakes in a base: browser code resolves asset URLs
    // relative to the importing chunk, server code through the runtime base.
    renderBuiltUrl(filename, { ssr }) {
      if (ssr) return { runtime: `globalThis.__atriumBasePath + ${JSON.stringify(`/${filename}`)}` };
      return { relative: true };
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
