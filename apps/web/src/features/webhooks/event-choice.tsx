"use client";

import { useId } from "react";
import { subscribableEvents, type EventType } from "./format";
import { text } from "./strings";

/** The events an endpoint subscribes to, as checkboxes. */
export function EventChoice({ value, onChange, error }: { value: readonly EventType[]; onChange: (next: EventType[]) => void; error?: string | undefined }) {
  const id = useId();
  return (
    <fieldset className="choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{text.create.events}</legend>
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
            {text.events[event].label} <span className="muted">({event}: {text.events[event].hint})</span>
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
