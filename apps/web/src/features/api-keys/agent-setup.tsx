"use client";

import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/copy-button";

/** A titled block of text to paste elsewhere, with its copy button. */
function CopyBlock({ heading, copyLabel, value, testId }: { heading: string; copyLabel: string; value: string; testId: string }) {
  return (
    <div className="stack">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h3>{heading}</h3>
        <CopyButton value={value} label={copyLabel} />
      </div>
      <pre className="code" data-testid={testId} tabIndex={0}>{value}</pre>
    </div>
  );
}

/**
 * How to add Mailroom to an MCP client: the endpoint, a JSON block most clients read (an
 * `mcpServers` entry with the URL and the Authorization header) and the command line of one that
 * takes it as a command. The key is filled in right after it is made; otherwise a placeholder.
 */
export function AgentSetup({ origin, apiKey }: { origin: string; apiKey: string | null }) {
  const t = useTranslations("apiKeys.agent");
  const endpoint = `${origin}/api/mcp`;
  const key = apiKey ?? "mr_…";
  const config = JSON.stringify({ mcpServers: { mailroom: { type: "http", url: endpoint, headers: { Authorization: `Bearer ${key}` } } } }, null, 2);
  const command = `claude mcp add --transport http mailroom ${endpoint} --header "Authorization: Bearer ${key}"`;
  return (
    <section className="card stack" aria-labelledby="api-keys-agent">
      <h2 id="api-keys-agent">{t("heading")}</h2>
      <p>{t("intro")}</p>
      <p className="row">
        <span>{t("endpoint")}</span>
        <code className="token" data-testid="mcp-endpoint">{endpoint}</code>
        <CopyButton value={endpoint} label={t("copyEndpoint")} />
      </p>
      <p>{apiKey ? t("keyFilled") : t("keyPlaceholder")}</p>
      <CopyBlock heading={t("configHeading")} copyLabel={t("copyConfig")} value={config} testId="mcp-config" />
      <CopyBlock heading={t("commandHeading")} copyLabel={t("copyCommand")} value={command} testId="mcp-command" />
      <p className="muted">{t.rich("guide", { guide: (chunks) => <a href="/llms.txt">{chunks}</a> })}</p>
    </section>
  );
}
