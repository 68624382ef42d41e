import { describe, expect, it } from "vitest";
import { DefinitionParseError } from "./parse-document";
import { blankCommentsAndStrings, trpcView } from "./trpc";

describe("trpcView", () => {
  it("lists the procedures of Backstage's example router", () => {
    const result = trpcView(`import { z } from 'zod';
import { publicProcedure, router } from '../trpc';

export const apiRouter = router({
  version: publicProcedure.query(() => {
    return { version: '0.42.0' };
  }),
  hello: publicProcedure
    .input(z.object({ username: z.string().nullish() }).nullish())
    .query(({ input, ctx }) => {
      return { text: \`hello \${input?.username ?? ctx.user?.name ?? 'world'}\` };
    }),
});`);
    expect(result.procedures).toEqual([
      { path: "version", kind: "query", input: undefined, line: 5 },
      { path: "hello", kind: "query", input: "z.object({ username: z.string().nullish() }).nullish()", line: 8 },
    ]);
  });

  it("follows nested routers inline and by name, with mutations and subscriptions", () => {
    const result = trpcView(`
const postRouter = t.router({
  // a comment with router({ in it
  create: protectedProcedure.input(z.object({ title: z.string() })).mutation(async () => "}"),
  onAdd: publicProcedure.subscription(() => observable(() => {})),
});
export const appRouter = createTRPCRouter({
  post: postRouter,
  admin: router({ "purge-cache": adminProcedure.mutation(() => null) }),
  health: publicProcedure.query(() => "ok"),
});`);
    expect(result.procedures.map((procedure) => `${procedure.kind} ${procedure.path}`)).toEqual(["mutation post.create", "subscription post.onAdd", "mutation admin.purge-cache", "query health"]);
  });

  it("does not loop on routers that refer to each other", () => {
    const result = trpcView(`const a = router({ b: b, x: p.query(() => 1) }); const b = router({ a: a });`);
    expect(result.procedures.some((procedure) => procedure.path.endsWith("x"))).toBe(true);
  });

  it("says when there is no router to read", () => {
    expect(() => trpcView("export const nothing = 1;")).toThrow(DefinitionParseError);
  });

  it("blanks comments and strings but keeps offsets and lines", () => {
    const code = blankCommentsAndStrings(`a // {\n"{" /* } */ 'b'`);
    expect(code).toBe(`a     \n" "         ' '`);
  });
});
