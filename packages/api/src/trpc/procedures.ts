import { AppError } from "../errors/index.ts";
import { authenticate } from "../transport/request-context.ts";
import { middleware, publicProcedure } from "./init.ts";

const signedIn = middleware(async ({ ctx, next }) => {
  const actor = await authenticate(ctx);
  if (!actor) throw new AppError("unauthorized", "Please sign in to continue");
  return next({ ctx: { ...ctx, actor } });
});

const adminOnly = middleware(async ({ ctx, next }) => {
  const actor = await authenticate(ctx);
  if (!actor) throw new AppError("unauthorized", "Please sign in to continue");
  if (actor.user.role !== "admin") throw new AppError("forbidden", "This needs an administrator");
  return next({ ctx: { ...ctx, actor } });
});

export { publicProcedure };
/** A signed-in, enabled user: `ctx.actor`. */
export const protectedProcedure = publicProcedure.use(signedIn);
/** A signed-in administrator. */
export const adminProcedure = publicProcedure.use(adminOnly);
