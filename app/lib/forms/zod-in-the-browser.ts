import { z } from "zod";

// Zod compiles its object parsers with `new Function` where it may, and
// finds out whether it may by trying. The pages' Content-Security-Policy
// allows no eval (server/browser-headers.ts), so in the browser even the
// trial is a reported violation; the parsers without compilation are fast
// enough for forms. The server, under no such policy, keeps them compiled.
if (typeof document !== "undefined") z.config({ jitless: true });
