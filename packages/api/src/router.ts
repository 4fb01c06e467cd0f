import { systemRouter } from "./routers/system.ts";
import { router } from "./trpc/init.ts";

export const appRouter = router({
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
