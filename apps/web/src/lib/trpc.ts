import type { AppRouter } from "@mailroom/api";
import { createTRPCReact, httpBatchLink, type CreateTRPCReact } from "@trpc/react-query";
import superjson from "superjson";
import { apiBase } from "./api-base";

export const trpc: CreateTRPCReact<AppRouter, unknown> = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${apiBase}/api/trpc`,
        transformer: superjson,
        // The worker refuses batches of more than 20 calls (400); the link splits larger ones.
        maxItems: 20,
        fetch: (input, init) => fetch(input, { ...init, credentials: "include" }),
      }),
    ],
  });
}
