import { inject } from "vitest";

/** Where the suite's dev stack serves the web app and the worker. */
export const webOrigin = inject("webOrigin");
export const workerOrigin = inject("workerOrigin");
