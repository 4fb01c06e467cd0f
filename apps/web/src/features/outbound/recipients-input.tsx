"use client";

import { recipientSchema } from "@mailroom/api/shared";
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { useTranslations } from "next-intl";

export interface Recipient {
  address: string;
  valid: boolean;
}

/** Turns typed or pasted text into recipients, each checked with the server's own rule. */
export function toRecipients(text: string): Recipient[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.replace(/^<|>$/g, "").trim())
    .filter(Boolean)
    .map((address) => ({ address, valid: recipientSchema.safeParse(address).success }));
}

/**
 * Recipients as chips: Enter, comma, semicolon or leaving the field turns the text into chips,
 * Backspace in the empty field removes the last one. Invalid addresses stay as marked chips so
 * the user sees what to fix.
 */
export function RecipientsInput({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: Recipient[];
  onChange: (next: Recipient[]) => void;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  const t = useTranslations("outbound.compose");
  const id = useId();
  const [draft, setDraft] = useState("");
  const commit = (text: string) => {
    const added = toRecipients(text).filter((r) => !value.some((v) => v.address.toLowerCase() === r.address.toLowerCase()));
    if (added.length > 0) onChange([...value, ...added]);
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === "," || event.key === ";") {
      event.preventDefault();
      commit(draft);
    } else if (event.key === "Backspace" && draft === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    commit(draft + event.clipboardData.getData("text"));
  };
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="chips" data-invalid={error ? true : undefined}>
        <ul aria-label={t("recipientList", { field: label })}>
          {value.map((r) => (
            <li key={r.address} className={r.valid ? "chip" : "chip invalid"} title={r.valid ? undefined : t("invalidRecipient")}>
              <span>{r.address}</span>
              {!r.valid && <span className="sr-only"> ({t("invalidRecipient")})</span>}
              <button type="button" aria-label={t("removeRecipient", { address: r.address })} onClick={() => { onChange(value.filter((v) => v !== r)); }}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          type="text"
          inputMode="email"
          autoComplete="off"
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => { setDraft(e.target.value); }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => { commit(draft); }}
        />
      </div>
      {hint && <span id={`${id}-hint`} className="hint">{hint}</span>}
      {error && <span id={`${id}-error`} className="field-error" role="alert">{error}</span>}
    </div>
  );
}
