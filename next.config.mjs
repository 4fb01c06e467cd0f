// The web app's Next.js configuration (apps/web/next.config.mjs re-exports it).
// In development the browser talks to one origin: Next forwards /api/* to the local worker.
// Deployed, the front-end domain routes /api/* to the worker (same-domain mode), or the app is
// built with VITE_API_BASE_URL pointing at a separate API domain.
import createNextIntlPlugin from "next-intl/plugin";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";

const apiProxyTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8787";
// next-intl: the request configuration for server components, and the message files compiled at
// build time so the browser gets no ICU parser (paths relative to apps/web, where next runs).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./src/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

/** @type {(phase: string) => import('next').NextConfig} */
export default function nextConfig(phase) {
  return withNextIntl({
    reactStrictMode: true,
    poweredByHeader: false,
    // `next dev` works in its own folder, so a Pages build (`npm run preview`, `npm run build:web`)
    // beside a running `npm run dev` does not overwrite the files the dev server is serving.
    distDir: phase === PHASE_DEVELOPMENT_SERVER ? ".next-dev" : ".next",
    // Shared isomorphic helpers (next-path rules, input validators) come from the API package as TS source.
    transpilePackages: ["@mailroom/api"],
    env: {
      VITE_API_BASE_URL: (process.env.VITE_API_BASE_URL ?? "").replace(/\/+$/, ""),
    },
    // Middleware sees the request URL as it came (`next dev --hostname 127.0.0.1` would otherwise
    // show it as "localhost", and the locale rewrite would point at another origin: a redirect loop).
    skipMiddlewareUrlNormalize: true,
    // Lint and type checks run in `npm test` with the repository's own configuration.
    eslint: { ignoreDuringBuilds: true },
    async rewrites() {
      if (phase !== PHASE_DEVELOPMENT_SERVER) return [];
      return [{ source: "/api/:path*", destination: `${apiProxyTarget}/api/:path*` }];
    },
  });
}
