export type { RecognitionInput, Recognized } from "./types.ts";
export { recognizeByRules } from "./rules.ts";
export { recognizeWithAi } from "./ai.ts";
