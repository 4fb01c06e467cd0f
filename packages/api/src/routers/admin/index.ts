import { router } from "../../trpc/init.ts";
import { adminInvitesRouter } from "./invites.ts";
import { adminUsersRouter } from "./users.ts";

export const adminRouter = router({
  invites: adminInvitesRouter,
  users: adminUsersRouter,
});
