export type { RecognitionInput, Recognized } from "./types.ts";
export { recognizeByRules } from "./rules.ts";
export { recognizeWithAi, RECOGNITION_MODEL, type AiRecognitionOptions } from "./ai.ts";
