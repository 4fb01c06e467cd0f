export { receiveEmail } from "./intake.ts";
