import { storageAlert, storageOverview } from "../../services/storage/index.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";

export const adminStorageRouter = router({
  get: adminProcedure.query(({ ctx }) => storageOverview(ctx)),
  /** The capacity alert in force, for the banner on every admin page. */
  alert: adminProcedure.query(({ ctx }) => storageAlert(ctx)),
});
