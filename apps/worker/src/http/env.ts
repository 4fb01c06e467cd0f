import type { Context as RequestContext } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";

/** The Hono environment: platform bindings plus the per-request context built once. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: { ctx: RequestContext };
}
