import { publicProcedure, router } from "../trpc/init.ts";

export const systemRouter = router({
  /** What the web app shows in its chrome: the display name and the environment. */
  info: publicProcedure.query(({ ctx }) => ({
    appName: ctx.config.appName,
    environment: ctx.config.environment,
  })),
});
