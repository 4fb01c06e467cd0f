// @cloudflare/workers-types (pulled in through @mailroom/config's binding types) declares the
// global `process` as `any`; the CLIs run on Node, so they read it through this typed alias.
export const nodeProcess = process as NodeJS.Process;
