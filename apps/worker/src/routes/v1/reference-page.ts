// The API reference as one HTML page made from the OpenAPI document on the server: no script, no
// third-party origin, so it works offline and puts nothing foreign on the API's origin.

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

export interface ReferenceDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, object | undefined>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, { description?: string }> };
}

const methods = ["get", "post", "put", "patch", "delete"] as const;

const anchorOf = (method: string, path: string) => `${method}-${path.replace(/[^\w]+/g, "-")}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${String(ch.charCodeAt(0))};`);

/** Markdown's `code` spans as <code>, everything else as text. */
const prose = (text: string | undefined) => (text ? escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>") : "");

/** A schema in a line: a component's name links to it, arrays and objects say what they hold. */
function schemaLabel(schema: unknown): string {
  if (typeof schema !== "object" || schema === null) return "any";
  const s = schema as { $ref?: string; type?: string | string[]; items?: unknown; format?: string; enum?: unknown[]; anyOf?: unknown[] };
  if (s.$ref) {
    const name = s.$ref.split("/").at(-1) ?? s.$ref;
    return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  }
  if (s.enum) return s.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(" | ");
  if (s.anyOf) return s.anyOf.map(schemaLabel).join(" | ");
  const type = Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? "object");
  if (type === "array") return `array of ${schemaLabel(s.items)}`;
  return escapeHtml(s.format ? `${type} (${s.format})` : type);
}

/** An object schema's fields as a table; anything else as its label. */
function schemaTable(schema: unknown): string {
  const s = schema as { properties?: Record<string, { description?: string }>; required?: string[] } | undefined;
  if (!s?.properties) return `<p>${schemaLabel(schema)}</p>`;
  const rows = Object.entries(s.properties).map(
    ([name, field]) =>
      `<tr><td><code>${escapeHtml(name)}</code>${s.required?.includes(name) ? "" : " <small>optional</small>"}</td><td>${schemaLabel(field)}</td><td>${prose(field.description)}</td></tr>`,
  );
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function operationHtml(method: string, path: string, op: Operation): string {
  const anchor = anchorOf(method, path);
  const params = op.parameters?.length
    ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? "" : " <small>optional</small>"}</td><td>${escapeHtml(p.in)}</td><td>${schemaLabel(p.schema)}</td><td>${prose(p.description)}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : "";
  const body = Object.entries(op.requestBody?.content ?? {})
    .map(([type, media]) => `<h4>Body <small>${escapeHtml(type)}</small></h4>${schemaTable(media.schema)}`)
    .join("");
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const media = Object.entries(r.content ?? {})
        .map(([type, m]) => `${escapeHtml(type)}: ${schemaLabel(m.schema)}`)
        .join("; ");
      return `<tr><td>${escapeHtml(status)}</td><td>${prose(r.description)}</td><td>${media}</td></tr>`;
    })
    .join("");
  return `<section class="op" id="${anchor}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3><p><strong>${prose(op.summary)}</strong></p><p>${prose(op.description)}</p>${params}${body}<h4>Responses</h4><table><thead><tr><th>Status</th><th>Meaning</th><th>Body</th></tr></thead><tbody>${responses}</tbody></table></section>`;
}

const style = `
:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
body{max-width:60rem;margin:0 auto;padding:1rem}
nav ul{columns:2 18rem;padding-left:1.2rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0;display:block;overflow-x:auto}
th,td{border:1px solid color-mix(in srgb,currentColor 25%,transparent);padding:.3rem .5rem;text-align:left;vertical-align:top}
code{font-size:.95em;overflow-wrap:anywhere}
.op{border-top:1px solid color-mix(in srgb,currentColor 25%,transparent);padding-top:.5rem;margin-top:1.5rem}
.method{font-size:.8em;padding:.1rem .4rem;border-radius:.3rem;color:#fff;background:#555}
.get{background:#1d6b3a}.post{background:#1b4f8f}.delete{background:#9b1c1c}
small{opacity:.75}`;

/** The whole reference page for `doc`, with a link to the raw document at `documentPath`. */
export function referencePage(doc: ReferenceDocument, documentPath: string): string {
  const operations: { tag: string; html: string; link: string }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of methods) {
      const op = (item as Partial<Record<(typeof methods)[number], Operation>> | undefined)?.[method];
      if (!op) continue;
      const anchor = anchorOf(method, path);
      operations.push({
        tag: op.tags?.[0] ?? "Other",
        html: operationHtml(method, path, op),
        link: `<li><a href="#${anchor}">${method.toUpperCase()} ${escapeHtml(path)}</a> ${prose(op.summary)}</li>`,
      });
    }
  }
  const tags = [...new Set(operations.map((o) => o.tag))];
  const security = Object.values(doc.components?.securitySchemes ?? {})
    .map((s) => `<p>${prose(s.description)}</p>`)
    .join("");
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(([name, schema]) => `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${schemaTable(schema)}</section>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(doc.info.title)} reference</title><style>${style}</style></head><body>
<header><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1><p>${prose(doc.info.description)}</p>${security}<p>The machine-readable document: <a href="${escapeHtml(documentPath)}">${escapeHtml(documentPath)}</a> (OpenAPI 3.1).</p></header>
<nav aria-label="Operations">${tags.map((tag) => `<h2>${escapeHtml(tag)}</h2><ul>${operations.filter((o) => o.tag === tag).map((o) => o.link).join("")}</ul>`).join("")}</nav>
<main>${tags.map((tag) => `<h2>${escapeHtml(tag)}</h2>${operations.filter((o) => o.tag === tag).map((o) => o.html).join("")}`).join("")}<h2>Schemas</h2>${schemas}</main>
</body></html>`;
}
