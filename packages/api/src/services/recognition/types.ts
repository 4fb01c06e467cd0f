/** The parts of a received message recognition looks at. */
export interface RecognitionInput {
  subject: string | null;
  text: string | null;
  html: string | null;
  from: string | null;
}

/** What a user most likely wants to copy or open from a verification mail. */
export interface Recognized {
  kind: "code" | "link";
  value: string;
}
