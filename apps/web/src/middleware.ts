import createMiddleware from "next-intl/middleware";
import { routing } from "./i18n/routing";

// Picks the locale (cookie, else Accept-Language, else English) and rewrites `/dashboard` to the
// prerendered `/<locale>/dashboard`; the address bar keeps `/dashboard`.
export default createMiddleware(routing);

export const config = {
  // Everything but the API (forwarded to the worker), Next.js internals and files such as /icon.svg.
  matcher: ["/((?!api(?:/|$)|_next/|_vercel/|.*\\..*).*)"],
};
