// The owner portal's API: one tRPC router, imported as a type by the web
// app. Every procedure is scoped to the signed-in owner's properties.
import { z } from "zod";
import { observable } from "@trpc/server/observable";
import { ownerProcedure, router } from "../trpc";

const month = z.string().regex(/^\d{4}-\d{2}$/, "YYYY-MM");

const statementsRouter = router({
  // Statements are built on the 3rd business day of the following month.
  list: ownerProcedure
    .input(z.object({ propertyId: z.string(), year: z.number().int().min(2015) }))
    .query(({ ctx, input }) => ctx.statements.list(ctx.owner.id, input.propertyId, input.year)),
  byMonth: ownerProcedure
    .input(z.object({ propertyId: z.string(), month }))
    .query(({ ctx, input }) => ctx.statements.get(ctx.owner.id, input.propertyId, input.month)),
  requestReissue: ownerProcedure
    .input(z.object({ statementId: z.string(), reason: z.string().max(500) }))
    .mutation(({ ctx, input }) => ctx.statements.requestReissue(ctx.owner.id, input)),
});

export const ownerPortalRouter = router({
  properties: ownerProcedure.query(({ ctx }) => ctx.properties.ofOwner(ctx.owner.id)),
  statements: statementsRouter,
  distributions: router({
    upcoming: ownerProcedure.query(({ ctx }) => ctx.distributions.upcoming(ctx.owner.id)),
    updateBankAccount: ownerProcedure
      .input(z.object({ accountHolder: z.string(), iban: z.string().optional(), routingNumber: z.string().optional(), accountNumber: z.string() }))
      .mutation(({ ctx, input }) => ctx.distributions.updateBankAccount(ctx.owner.id, input)),
  }),
  // Pushes a new figure whenever a unit's lease starts or ends.
  occupancy: ownerProcedure
    .input(z.object({ propertyId: z.string() }))
    .subscription(({ ctx, input }) =>
      observable<{ occupied: number; total: number }>((emit) => ctx.occupancy.watch(input.propertyId, (figure) => emit.next(figure))),
    ),
});

export type OwnerPortalRouter = typeof ownerPortalRouter;
