import type { Bindings } from "@mailroom/config";
import { app } from "./app.ts";
import { email } from "./handlers/email.ts";
import { scheduled } from "./handlers/scheduled.ts";

export default {
  fetch: app.fetch,
  email,
  scheduled,
} satisfies ExportedHandler<Bindings>;
