import type { Config } from "@react-router/dev/config";

// The base path (app.baseUrl's path) is applied at run time by server/app.ts,
// not here, so one build serves any prefix: see docs/decisions/002-runtime-base-path.md.
export default {
  ssr: true,
  appDirectory: "app",
} satisfies Config;
