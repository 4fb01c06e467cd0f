import { AppError } from "../errors/index.ts";
import { authenticate } from "../transport/request-context.ts";
import { middleware, publicProcedure } from "./init.ts";

const signedIn = middleware(async ({ ctx, next }) => {
  const actor = await authenticate(ctx);
  if (!actor) throw new AppError("unauthorized", "Please sign in to continue");
  return next({ ctx: { ...ctx, actor } });
});

// CONTRACT §10: an API key acts for its owner, never on administration or on keys themselves.
const keyRefused = () => new AppError("forbidden", "API keys cannot be used for this; sign in instead");

const signedInBySession = middleware(async ({ ctx, next }) => {
  const actor = await authenticate(ctx);
  if (!actor) throw new AppError("unauthorized", "Please sign in to continue");
  if (actor.apiKeyId) throw keyRefused();
  return next({ ctx: { ...ctx, actor } });
});

const adminOnly = middleware(async ({ ctx, next }) => {
  const actor = await authenticate(ctx);
  if (!actor) throw new AppError("unauthorized", "Please sign in to continue");
  if (actor.apiKeyId) throw keyRefused();
  if (actor.user.role !== "admin") throw new AppError("forbidden", "This needs an administrator");
  return next({ ctx: { ...ctx, actor } });
});

export { publicProcedure };
/** A signed-in, enabled user: `ctx.actor`. */
export const protectedProcedure = publicProcedure.use(signedIn);
/** A user signed in with a session cookie, not an API key (managing keys). */
export const sessionProcedure = publicProcedure.use(signedInBySession);
/** A signed-in administrator (never through an API key). */
export const adminProcedure = publicProcedure.use(adminOnly);
