import { accountRouter } from "./routers/account.ts";
import { adminRouter } from "./routers/admin/index.ts";
import { apiKeysRouter } from "./routers/api-keys.ts";
import { authRouter } from "./routers/auth.ts";
import { blocklistRouter } from "./routers/blocklist.ts";
import { mailboxesRouter } from "./routers/mailboxes.ts";
import { messagesRouter } from "./routers/messages.ts";
import { messengerRouter } from "./routers/messenger.ts";
import { outboundRouter } from "./routers/outbound.ts";
import { systemRouter } from "./routers/system.ts";
import { webhooksRouter } from "./routers/webhooks.ts";
import { router } from "./trpc/init.ts";

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  account: accountRouter,
  admin: adminRouter,
  mailboxes: mailboxesRouter,
  messages: messagesRouter,
  messenger: messengerRouter,
  outbound: outboundRouter,
  webhooks: webhooksRouter,
  apiKeys: apiKeysRouter,
  blocklist: blocklistRouter,
});

export type AppRouter = typeof appRouter;
