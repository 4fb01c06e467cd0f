import type { ServiceContext } from "../../context/service-context.ts";
import type { Recognition } from "../../events/message-stored.ts";
import { recognizeByRules, recognizeWithAi, type RecognitionInput } from "../../mail/recognition/index.ts";
import { takeAiAllowance } from "./ai-allowance.ts";

export interface AiFallback {
  userId: string;
  /** The user's "AI fallback" switch. */
  enabled: boolean;
  dailyLimit: number;
}

/**
 * Rules first; the AI binding only when the rules find nothing, it is bound, the user's switch
 * is on and the daily allowance is not used up. An AI failure leaves the message unrecognized.
 */
export async function recognizeMessage(ctx: ServiceContext, fallback: AiFallback, input: RecognitionInput): Promise<Recognition | null> {
  const byRules = recognizeByRules(input);
  if (byRules) return { ...byRules, source: "rules" };
  const ai = ctx.stores.ai;
  if (!ai || !fallback.enabled) return null;
  if (!(await takeAiAllowance(ctx, fallback.userId, fallback.dailyLimit))) return null;
  try {
    const byAi = await recognizeWithAi(ai, input);
    return byAi ? { ...byAi, source: "ai" } : null;
  } catch (error) {
    ctx.log.warn("AI recognition failed", { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
