import {
  deleteOwnEndpoint,
  findOwnEndpoint,
  insertEndpointUnderCap,
  listEndpoints,
  updateOwnEndpoint,
  type EndpointChanges,
  type WebhookEndpointRow,
} from "@mailroom/db";
import { z } from "zod";
import { forgetCachedReads } from "../../context/isolate-cache.ts";
import type { ServiceContext, SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { newId } from "../../lib/crypto.ts";
import { parseEvents } from "./events.ts";
import { generateSigningSecret, sealSecret } from "./secret.ts";
import { checkTarget } from "./target.ts";

/** Endpoints one user may have. */
const maxEndpointsPerUser = 10;

export const endpointNameSchema = z.string().trim().min(1, { error: "Give the endpoint a name" }).max(100);
export const endpointUrlSchema = z.string().trim().min(1).max(2000);

/** An endpoint as its owner sees it: never the secret. */
function publicEndpoint(row: WebhookEndpointRow) {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: parseEvents(row.events),
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince,
    lastSuccessAt: row.lastSuccessAt,
    lastFailureAt: row.lastFailureAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

type EndpointContext = Pick<SignedInContext, "db" | "config" | "clock" | "actor">;

/** The URL as stored, or `validation_failed` on the `url` field saying what is wrong with it. */
function allowedUrl(ctx: Pick<ServiceContext, "config">, url: string): string {
  const target = checkTarget(url, ctx.config.webhookAllowPrivateTargets);
  if (!target.ok) throw new AppError("validation_failed", `The URL ${target.reason}`, { issues: [{ path: "url", message: `The URL ${target.reason}` }] });
  return target.url.href;
}

export async function ownEndpoint(ctx: Pick<SignedInContext, "db" | "actor">, id: string): Promise<WebhookEndpointRow> {
  const row = await findOwnEndpoint(ctx.db, id, ctx.actor.user.id);
  if (!row) throw new AppError("not_found", "No such webhook endpoint");
  return row;
}

/** `webhooks.create`: the new endpoint's id and its signing secret, shown this once. */
export async function createEndpoint(ctx: EndpointContext, input: { name: string; url: string; events: readonly string[] }): Promise<{ id: string; secret: string }> {
  const url = allowedUrl(ctx, input.url);
  const id = newId();
  const secret = generateSigningSecret();
  const inserted = await insertEndpointUnderCap(
    ctx.db,
    { id, userId: ctx.actor.user.id, name: input.name, url, events: JSON.stringify(input.events), secret: await sealSecret(ctx.config, id, secret), createdAt: ctx.clock.now() },
    maxEndpointsPerUser,
  );
  if (!inserted) throw new AppError("quota_exceeded", `You can have at most ${String(maxEndpointsPerUser)} webhook endpoints. Delete one to add another.`);
  // Intake keeps whether an owner has endpoints for a while; this isolate learns it at once.
  forgetCachedReads();
  return { id, secret };
}

export async function listOwnEndpoints(ctx: Pick<SignedInContext, "db" | "actor">) {
  return (await listEndpoints(ctx.db, ctx.actor.user.id)).map(publicEndpoint);
}

export interface EndpointPatch {
  name?: string | undefined;
  url?: string | undefined;
  events?: readonly string[] | undefined;
  enabled?: boolean | undefined;
}

/** `webhooks.update`: enabling again clears the reason it was switched off and its failure streak. */
export async function updateEndpoint(ctx: EndpointContext, id: string, patch: EndpointPatch) {
  const changes: EndpointChanges = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.url !== undefined) changes.url = allowedUrl(ctx, patch.url);
  if (patch.events !== undefined) changes.events = JSON.stringify(patch.events);
  if (patch.enabled !== undefined) {
    changes.enabled = patch.enabled;
    changes.disabledReason = null;
    if (patch.enabled) changes.failingSince = null;
  }
  const row = await updateOwnEndpoint(ctx.db, id, ctx.actor.user.id, changes, ctx.clock.now());
  if (!row) throw new AppError("not_found", "No such webhook endpoint");
  if (patch.enabled) forgetCachedReads();
  return publicEndpoint(row);
}

export async function deleteEndpoint(ctx: Pick<SignedInContext, "db" | "actor">, id: string): Promise<void> {
  if (!(await deleteOwnEndpoint(ctx.db, id, ctx.actor.user.id))) throw new AppError("not_found", "No such webhook endpoint");
}

/** `webhooks.rotateSecret`: a new secret, shown once; the old one stops verifying at once. */
export async function rotateSecret(ctx: EndpointContext, id: string): Promise<{ secret: string }> {
  const secret = generateSigningSecret();
  const row = await updateOwnEndpoint(ctx.db, id, ctx.actor.user.id, { secret: await sealSecret(ctx.config, id, secret) }, ctx.clock.now());
  if (!row) throw new AppError("not_found", "No such webhook endpoint");
  return { secret };
}
