import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

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
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
});

/**
 * Writes a .br and a .gz beside each text asset of the client build, at the
 * strongest settings (paid once here, not per request), so the server sends
 * them as they are (server/compression.ts). Runs after every environment is
 * built, when React Router has moved the server build's assets in too.
 */
function precompressAssets(): Plugin {
  const compressible = /\.(?:js|mjs|css|svg|json|html|txt|map)$/;
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: "atrium:precompress-assets",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        const assetsDir = path.resolve(builder.config.root, client.config.build.outDir, client.config.build.assetsDir);
        const files = (await readdir(assetsDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && compressible.test(entry.name));
        await Promise.all(
          files.map(async (entry) => {
            const file = path.join(entry.parentPath, entry.name);
            const content = await readFile(file);
            const variants = [
              [".br", await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } })],
              [".gz", await gzipped(content, { level: constants.Z_BEST_COMPRESSION })],
            ] as const;
            // A variant no smaller than the file is left out; the server then sends the file itself.
            for (const [suffix, compressed] of variants) if (compressed.length < content.length) await writeFile(`${file}${suffix}`, compressed);
          }),
        );
      },
    },
  };
}
