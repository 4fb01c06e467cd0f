"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { eventKey, type EventType, subscribableEvents } from "./format";

/** The events an endpoint subscribes to, as checkboxes. */
export function EventChoice({ value, onChange, error }: { value: readonly EventType[]; onChange: (next: EventType[]) => void; error?: string | undefined }) {
  const t = useTranslations("webhooks");
  const id = useId();
  return (
    <fieldset className="choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t("create.events")}</legend>
      {subscribableEvents.map((event) => (
        <label key={event}>
          <input
            type="checkbox"
            checked={value.includes(event)}
            onChange={(e) => {
              onChange(e.target.checked ? [...value, event] : value.filter((v) => v !== event));
            }}
          />
          <span>
            {t(`events.${eventKey[event]}.label`)} <span className="muted">({event}: {t(`events.${eventKey[event]}.hint`)})</span>
          </span>
        </label>
      ))}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
