import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { withBasePath } from "./base-path";

const build = {
  basename: "/",
  publicPath: "/",
  assets: {
    url: "/assets/manifest-1.js",
    version: "1",
    entry: { module: "/assets/entry.client.js", imports: ["/assets/jsx.js"] },
    routes: {
      root: { id: "root", module: "/assets/root.js", imports: ["/assets/jsx.js"], css: ["/assets/root.css"], hasLoader: true },
      home: { id: "home", module: "/assets/home.js", clientLoaderModule: "/assets/home-loader.js", hasLoader: false },
    },
  },
} as unknown as ServerBuild;

describe("withBasePath", () => {
  it("moves the basename and every asset URL under the prefix", () => {
    const prefixed = withBasePath(build, "/portal");
    expect(prefixed.basename).toBe("/portal/");
    expect(prefixed.publicPath).toBe("/portal/");
    expect(prefixed.assets.url).toBe("/portal/assets/manifest-1.js");
    expect(prefixed.assets.entry).toEqual({ module: "/portal/assets/entry.client.js", imports: ["/portal/assets/jsx.js"] });
    expect(prefixed.assets.routes.root).toMatchObject({ module: "/portal/assets/root.js", css: ["/portal/assets/root.css"], hasLoader: true });
    expect(prefixed.assets.routes.home).toMatchObject({ clientLoaderModule: "/portal/assets/home-loader.js" });
  });

  it("leaves the build alone at the root and never prefixes twice", () => {
    expect(withBasePath(build, "")).toBe(build);
    expect(withBasePath(withBasePath(build, "/portal"), "/portal").assets.entry.module).toBe("/portal/assets/entry.client.js");
  });
});
