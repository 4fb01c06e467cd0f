import type { Database } from "@mailroom/db";
import { recognizeByRules, recognizeWithAi, type RecognitionInput } from "../recognition/index.ts";
import { takeAiAllowance } from "./ai-allowance.ts";

export interface Recognition {
  kind: "code" | "link";
  value: string;
  source: "rules" | "ai";
}

export interface RecognitionDeps {
  db: Database;
  ai: Ai | undefined;
  userId: string;
  /** The user's "AI fallback" switch. */
  aiFallbackEnabled: boolean;
  aiDailyLimit: number;
  now: Date;
}

/**
 * Rules first; the AI binding only when the rules find nothing, it is bound, the user's switch
 * is on and the daily allowance is not used up. An AI failure leaves the message unrecognized.
 */
export async function recognizeMessage(deps: RecognitionDeps, input: RecognitionInput): Promise<Recognition | null> {
  const byRules = recognizeByRules(input);
  if (byRules) return { ...byRules, source: "rules" };
  if (!deps.ai || !deps.aiFallbackEnabled) return null;
  if (!(await takeAiAllowance(deps.db, deps.userId, deps.now, deps.aiDailyLimit))) return null;
  try {
    const byAi = await recognizeWithAi(deps.ai, input);
    return byAi ? { ...byAi, source: "ai" } : null;
  } catch (error) {
    console.warn(`AI recognition failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
