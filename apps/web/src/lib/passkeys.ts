/** Whether this browser can use passkeys at all (WebAuthn in a secure context). */
export function canUsePasskeys(): boolean {
  return window.isSecureContext && typeof window.PublicKeyCredential === "function";
}

/** The person closed the browser's passkey prompt, or it timed out: not an error to report as one. */
export function isPromptDismissed(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}
