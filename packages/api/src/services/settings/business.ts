import { AppError, issuesOf } from "../../errors/index.ts";
import { businessDefaultsPatchSchema, businessDefaultsSchema, type BusinessDefaults } from "./schemas.ts";
import { parseStoredSetting, readSetting, writeSetting, type SettingsContext } from "./store.ts";

/** The business defaults in force: the stored ones, each missing field at its built-in default. */
export async function getBusinessDefaults(ctx: SettingsContext): Promise<BusinessDefaults> {
  return (await readSetting(ctx, "business.defaults")) ?? businessDefaultsSchema.parse({});
}

/** The business defaults from their stored JSON text (read together with other rows). */
export function businessDefaultsFrom(ctx: Pick<SettingsContext, "log">, text: string | null): BusinessDefaults {
  return parseStoredSetting(ctx, "business.defaults", text).value ?? businessDefaultsSchema.parse({});
}

/**
 * Changes the business defaults: the fields in `patch` replace the current values, the rest
 * stay. Throws `validation_failed` for a bad patch. Returns the values now in force.
 */
export async function setBusinessDefaults(ctx: SettingsContext, patch: unknown, updatedBy: string | null): Promise<BusinessDefaults> {
  const parsed = businessDefaultsPatchSchema.safeParse(patch);
  if (!parsed.success) {
    throw new AppError("validation_failed", "Invalid business defaults", { issues: issuesOf(parsed.error) });
  }
  const next: BusinessDefaults = { ...(await getBusinessDefaults(ctx)), ...parsed.data };
  await writeSetting(ctx, "business.defaults", next, updatedBy);
  return next;
}
