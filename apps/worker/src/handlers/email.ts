import { receiveEmail } from "@mailroom/api";
import { loadConfig, type Bindings } from "@mailroom/config";
import { createDb } from "@mailroom/db";

/** Inbound mail from Email Routing, handed to the intake service. */
export async function email(message: ForwardableEmailMessage, env: Bindings, ctx: ExecutionContext): Promise<void> {
  const result = await receiveEmail(message, {
    env,
    config: loadConfig(env),
    db: createDb(env.DB),
    waitUntil: (promise) => {
      ctx.waitUntil(promise);
    },
  });
  if (result.status !== "stored") console.log(`mail ${result.status}`);
}
