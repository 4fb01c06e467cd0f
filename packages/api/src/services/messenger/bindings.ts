import { findBindingOfChat, findBindingOfUser, type BindingRow, type BindingWithSwitch } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { isLocale, type Locale } from "../../shared/locales.ts";
import { defaultUserFeatures } from "../settings/index.ts";

/**
 * A bound chat with its user's messenger switch (on unless an administrator turned it off) and
 * the language its user reads Mailroom in (null until their first signed-in page load).
 */
export type Binding = BindingRow & { messengerOn: boolean; locale: Locale | null };

function withSwitch(row: BindingWithSwitch | null): Binding | null {
  if (!row) return null;
  const { messengerSwitch, locale, ...binding } = row;
  return { ...binding, messengerOn: messengerSwitch ?? defaultUserFeatures.messenger, locale: locale !== null && isLocale(locale) ? locale : null };
}

/** One query for the binding and the switch: every mail and every bot command asks for both. */
export async function bindingOfUser(ctx: Pick<ServiceContext, "db">, userId: string): Promise<Binding | null> {
  return withSwitch(await findBindingOfUser(ctx.db, userId));
}

export async function bindingOfChat(ctx: Pick<ServiceContext, "db">, chatId: string): Promise<Binding | null> {
  return withSwitch(await findBindingOfChat(ctx.db, chatId));
}
