import { setUserLocale } from "@mailroom/db";
import type { SignedInContext } from "../../context/service-context.ts";
import type { Locale } from "../../shared/locales.ts";

/** Records the language the user reads Mailroom in; `changed: false` when it already was. */
export async function setOwnLocale(ctx: SignedInContext, locale: Locale): Promise<{ ok: true; changed: boolean }> {
  return { ok: true, changed: await setUserLocale(ctx.db, ctx.actor.user.id, locale, ctx.clock.now()) };
}
