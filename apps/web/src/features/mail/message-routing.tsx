"use client";

import { useTranslations } from "next-intl";

type AuthResult = "pass" | "fail" | "softfail" | "neutral" | "none" | "temperror" | "permerror" | "unknown";

const methods = ["spf", "dkim", "dmarc"] as const;

function tone(result: AuthResult): string {
  if (result === "pass") return "badge ok";
  if (result === "fail" || result === "softfail" || result === "permerror") return "badge warn";
  return "badge";
}

/** SPF, DKIM and DMARC as the platform judged them, one badge each, with a warning when flagged. */
export function AuthenticationBadges({ authentication, suspicious }: { authentication: Record<(typeof methods)[number], AuthResult>; suspicious: boolean }) {
  const t = useTranslations("mail.authentication");
  return (
    <div className="stack">
      {suspicious && <p className="alert error" role="note" data-testid="suspicious">{t("suspicious")}</p>}
      <div className="row" role="group" aria-label={t("label")} data-testid="authentication">
        {methods.map((method) => (
          <span key={method} className={tone(authentication[method])} title={t(`explain.${authentication[method]}`)}>
            {t("badge", { method: t(`methods.${method}`), result: t(`results.${authentication[method]}`) })}
          </span>
        ))}
      </div>
    </div>
  );
}

/** Where the message was forwarded, and the platform's word when a forward failed. */
export function ForwardOutcomes({ forwards }: { forwards: { to: string; status: "forwarded" | "failed"; error: string | null }[] }) {
  const t = useTranslations("mail.routing");
  if (forwards.length === 0) return null;
  return (
    <section className="card" aria-labelledby="forwards-heading" data-testid="forwards">
      <h2 id="forwards-heading">{t("forwardsHeading")}</h2>
      <ul>
        {forwards.map((f) => (
          <li key={f.to}>
            <code className="token">{f.to}</code>{" "}
            {f.status === "forwarded" ? <span className="badge ok">{t("forwarded")}</span> : <span className="badge warn">{t("failed")}</span>}
            {f.error && <span className="muted"> — {f.error}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
