"use client";

import type { ReactNode } from "react";
import { useErrorText, type CodeTexts } from "@/lib/errors";

/** A failed call's text in the reader's language, announced to screen readers. */
export function ErrorAlert({ error, texts, children }: { error: unknown; texts?: CodeTexts; children?: ReactNode }) {
  const errors = useErrorText();
  if (!error) return null;
  return (
    <p className="alert error" role="alert">
      {errors.message(error, texts)}
      {children}
    </p>
  );
}
