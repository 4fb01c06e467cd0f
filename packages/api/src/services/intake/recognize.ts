import { takeDailyUnit } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import type { Recognition } from "../../events/message-stored.ts";
import { usageDay } from "../../lib/usage-day.ts";
import { recognizeByRules, recognizeWithAi, type RecognitionInput } from "../recognition/index.ts";

export interface AiFallback {
  userId: string;
  /** The user's "AI fallback" switch. */
  enabled: boolean;
  dailyLimit: number;
}

/** What the rules find, as it is stored and told to listeners. */
export function recognizeWithRules(input: RecognitionInput): Recognition | null {
  const found = recognizeByRules(input);
  return found ? { ...found, source: "rules" } : null;
}

/** Whether the AI would be asked when the rules find nothing: it is bound and the user's switch is on. */
export function aiFallbackApplies(ctx: Pick<ServiceContext, "stores">, fallback: AiFallback): boolean {
  return ctx.stores.ai !== undefined && fallback.enabled;
}

/**
 * The AI fallback, only while the daily allowance lasts. An AI failure leaves the message
 * unrecognized.
 */
export async function recognizeWithAiFallback(ctx: ServiceContext, fallback: AiFallback, input: RecognitionInput): Promise<Recognition | null> {
  const ai = ctx.stores.ai;
  if (!ai || !fallback.enabled) return null;
  // One unit of the user's daily AI allowance, taken atomically (concurrent mails cannot overdraw it).
  if ((await takeDailyUnit(ctx.db, fallback.userId, usageDay(ctx.clock.now()), "ai", fallback.dailyLimit)) === null) return null;
  // recognizeWithAi never throws: a failed or refused answer is logged and leaves the message unrecognized.
  const byAi = await recognizeWithAi(ai, input, { log: ctx.log });
  return byAi ? { ...byAi, source: "ai" } : null;
}
