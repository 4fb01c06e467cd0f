import { text } from "./strings";

const snippet = `import { Webhook } from "standardwebhooks";

const webhook = new Webhook(process.env.MAILROOM_WEBHOOK_SECRET); // "whsec_…"
// body: the raw request body as a string; headers: the request headers
const event = webhook.verify(body, headers); // throws on a bad signature or an old timestamp`;

export function VerifySnippet() {
  return (
    <section className="card stack" aria-labelledby="webhooks-verify">
      <h2 id="webhooks-verify">{text.verify.heading}</h2>
      <p className="muted">{text.verify.intro}</p>
      <pre className="code">{snippet}</pre>
    </section>
  );
}
