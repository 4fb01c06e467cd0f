
import { useTranslations } from "next-intl";

const snippet = `import { Webhook } from "standardwebhooks";

const webhook = new Webhook(process.env.MAILROOM_WEBHOOK_SECRET); // "whsec_…"
// body: the raw request body as a string; headers: the request headers
const event = webhook.verify(body, headers); // throws on a bad signature or an old timestamp`;

export function VerifySnippet() {
  const t = useTranslations("webhooks");
  return (
    <section className="card stack" aria-labelledby="webhooks-verify">
      <h2 id="webhooks-verify">{t("verify.heading")}</h2>
      <p className="muted">{t("verify.intro")}</p>
      <pre className="code">{snippet}</pre>
    </section>
  );
}
