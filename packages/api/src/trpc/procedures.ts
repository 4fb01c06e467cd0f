import { requireSession } from "../auth/session.ts";
import { AppError } from "../errors/index.ts";
import { middleware, publicProcedure } from "./init.ts";

const signedIn = middleware(async ({ ctx, next }) => {
  const session = await requireSession(ctx);
  return next({ ctx: { session, user: session.user } });
});

const adminOnly = middleware(async ({ ctx, next }) => {
  const session = await requireSession(ctx);
  if (session.user.role !== "admin") throw new AppError("forbidden", "This needs an administrator");
  return next({ ctx: { session, user: session.user } });
});

export { publicProcedure };
/** A signed-in, enabled user: `ctx.user`, `ctx.session`. */
export const protectedProcedure = publicProcedure.use(signedIn);
/** A signed-in administrator. */
export const adminProcedure = publicProcedure.use(adminOnly);
