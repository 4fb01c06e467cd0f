"use client";

import { useErrorText, type CodeTexts } from "@/lib/errors";

/**
 * A failed submission's message. Field issues are shown next to their fields; those of fields the
 * form does not show (`fields` lists the ones it does) are listed here so none goes unseen.
 */
export function FormError({ error, fields, texts }: { error: unknown; fields?: readonly string[]; texts?: CodeTexts }) {
  const errors = useErrorText();
  if (!error) return null;
  const issues = Object.entries(errors.fields(error));
  const elsewhere = fields ? issues.filter(([path]) => !fields.includes(path)) : [];
  if (issues.length > 0 && elsewhere.length === 0) return null;
  return (
    <div className="alert error" role="alert">
      <p>{errors.message(error, texts)}</p>
      {elsewhere.length > 0 && (
        <ul>
          {elsewhere.map(([path, text]) => (
            <li key={path}>{text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
