import type { ErrorData } from "@mailroom/api";
import { useTranslations } from "next-intl";

type ErrorCode = ErrorData["appCode"];
type FieldIssue = NonNullable<ErrorData["issues"]>[number];

// The errors of an API call: tRPC's client (signed-in screens) and the small caller of the
// signed-out ones (lib/api-call.ts). Known by name so this file pulls in neither client.
const callErrorNames = new Set(["TRPCClientError", "ApiCallError"]);

function isCallError(error: unknown): error is Error & { data?: unknown } {
  return error instanceof Error && callErrorNames.has(error.name);
}

function dataOf(error: unknown): ErrorData | undefined {
  if (!isCallError(error)) return undefined;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "appCode" in data ? (data as ErrorData) : undefined;
}

export function errorCode(error: unknown): ErrorCode | undefined {
  return dataOf(error)?.appCode;
}

/** The field issues of a failed call (`path` → issue), the first one per field. */
function issuesOf(error: unknown): Map<string, FieldIssue> {
  const issues = new Map<string, FieldIssue>();
  for (const issue of dataOf(error)?.issues ?? []) if (!issues.has(issue.path)) issues.set(issue.path, issue);
  return issues;
}

/** A form's own wording for codes whose general text would say too little there. */
export type CodeTexts = Partial<Record<ErrorCode, string>>;

/**
 * Error texts in the reader's language: the API answers in English, so the UI words each contract
 * error code and each field rule itself, and falls back to the server's text only for what it
 * does not know (a code or rule newer than this build).
 */
export function useErrorText() {
  const t = useTranslations("errors");

  const numberOf = (value: string | number | undefined) => Number(value ?? 0);

  const issueText = (issue: FieldIssue): string => {
    const p = issue.params ?? {};
    const counted = p.origin === "array" || p.origin === "set";
    switch (issue.rule) {
      case "too_small":
        if (p.origin === "string") return numberOf(p.minimum) <= 1 ? t("issues.required") : t("issues.tooShort", { minimum: numberOf(p.minimum) });
        return counted ? t("issues.tooFew", { minimum: numberOf(p.minimum) }) : t("issues.tooSmall", { minimum: numberOf(p.minimum) });
      case "too_big":
        if (p.origin === "string") return t("issues.tooLong", { maximum: numberOf(p.maximum) });
        return counted ? t("issues.tooMany", { maximum: numberOf(p.maximum) }) : t("issues.tooBig", { maximum: numberOf(p.maximum) });
      case "invalid_format":
        return p.format === "email" ? t("issues.email") : t("issues.format");
      case "invalid_type":
        return p.expected === "number" || p.expected === "int" ? t("issues.wholeNumber") : t("issues.invalid");
      case "email_taken":
        return t("issues.emailTaken");
      case "invite_invalid":
        return t("issues.inviteInvalid");
      case "invite_disabled":
        return t("issues.inviteDisabled");
      case "invite_expired":
        return t("issues.inviteExpired");
      case "invite_used_up":
        return t("issues.inviteUsedUp");
      case "expiry_past":
        return t("issues.expiryPast");
      case "domain_not_allowed":
        return t("issues.domainNotAllowed");
      case "address_taken":
        return t("issues.addressTaken");
      case "local_part_chars":
        return t("issues.localPartChars");
      case "local_part_dots":
        return t("issues.localPartDots");
      case "local_part_reserved":
        return t("issues.localPartReserved");
      case "block_pattern":
        return t("issues.blockPattern");
      case "block_pattern_exists":
        return t("issues.blockPatternExists");
      case "forward_to_self":
        return t("issues.forwardToSelf");
      case "catch_all_mailbox":
        return t("issues.catchAllMailbox");
      case "catch_all_owner":
        return t("issues.catchAllOwner");
      default:
        return issue.message;
    }
  };

  return {
    /** The text of a failed call; network failures get a text of their own. */
    message(error: unknown, texts: CodeTexts = {}): string {
      if (!isCallError(error)) return t("unknown");
      const code = errorCode(error);
      if (!code) return t("network");
      return texts[code] ?? (t.has(`codes.${code}`) ? t(`codes.${code}`) : error.message);
    },
    /**
     * Field-level texts (`path` → text), to show next to the field they concern; `own` words the
     * rules a form knows better (undefined: the general text).
     */
    fields(error: unknown, own?: (issue: FieldIssue) => string | undefined): Record<string, string> {
      return Object.fromEntries([...issuesOf(error)].map(([path, issue]) => [path, own?.(issue) ?? issueText(issue)]));
    },
  };
}
