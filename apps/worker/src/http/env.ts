import type { RequestContext } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";

/** The Hono environment: platform bindings plus what the middleware sets up for each request. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    /** Set first, so even a request whose context cannot be built has an id. */
    requestId: string;
    ctx: RequestContext;
    /** The contract error code the answer carried, for the request's log line. */
    errorCode: string;
  };
}
