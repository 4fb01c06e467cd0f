"use client";

import { CopyButton } from "@/components/copy-button";
import { text } from "./strings";

/** A signing secret, shown once after create or rotate. */
export function SecretNotice({ secret, rotated, onDismiss }: { secret: string; rotated: boolean; onDismiss: () => void }) {
  return (
    <div className="alert ok stack" role="status" aria-label="Signing secret">
      <p>{rotated ? text.secret.rotated : text.secret.created}</p>
      <p className="row">
        <code className="token" data-testid="webhook-secret">{secret}</code>
        <CopyButton value={secret} label={text.secret.copy} />
        <button className="button small" type="button" onClick={onDismiss}>
          {text.secret.dismiss}
        </button>
      </p>
    </div>
  );
}
