import { router } from "../../trpc/init.ts";
import { adminBlocklistRouter } from "./blocklist.ts";
import { adminCatchAllRouter } from "./catch-all.ts";
import { adminFeaturesRouter } from "./features.ts";
import { adminInvitesRouter } from "./invites.ts";
import { adminMessengerRouter } from "./messenger.ts";
import { adminSendersRouter } from "./senders.ts";
import { adminSettingsRouter } from "./settings.ts";
import { adminStorageRouter } from "./storage.ts";
import { adminUsersRouter } from "./users.ts";

export const adminRouter = router({
  invites: adminInvitesRouter,
  users: adminUsersRouter,
  settings: adminSettingsRouter,
  features: adminFeaturesRouter,
  messenger: adminMessengerRouter,
  storage: adminStorageRouter,
  blocklist: adminBlocklistRouter,
  catchAll: adminCatchAllRouter,
  senders: adminSendersRouter,
});
