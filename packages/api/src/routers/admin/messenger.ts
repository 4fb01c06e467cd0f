import { configureWebhook, deleteWebhook, setBotMenu, webhookInfo } from "../../services/messenger/index.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";

/** The bot's registration with Telegram; the API origin is the one the administrator reached. */
export const adminMessengerRouter = router({
  setBotMenu: adminProcedure.mutation(({ ctx }) => setBotMenu(ctx)),
  configureWebhook: adminProcedure.mutation(({ ctx }) => configureWebhook(ctx, ctx.apiOrigin)),
  webhookInfo: adminProcedure.query(({ ctx }) => webhookInfo(ctx, ctx.apiOrigin)),
  deleteWebhook: adminProcedure.mutation(({ ctx }) => deleteWebhook(ctx)),
});
