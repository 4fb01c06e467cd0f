import { CopyButton } from "@/components/copy-button";

interface Recognition {
  kind: "code" | "link" | "none";
  value: string | null;
  source: "rules" | "ai" | null;
}

/** The extracted code or link, prominent and one click from the clipboard. */
export function RecognitionCard({ recognition }: { recognition: Recognition }) {
  if (recognition.kind === "none" || !recognition.value) return null;
  return (
    <div className="alert ok row" style={{ justifyContent: "space-between" }} aria-label="Extracted from this message">
      <span>
        {recognition.kind === "code" ? "Verification code" : "Verification link"}
        {recognition.source === "ai" && <span className="badge"> found by AI</span>}
        <br />
        {recognition.kind === "code" ? (
          <strong data-testid="recognized-code" style={{ fontSize: "1.6rem", letterSpacing: "0.12em", fontFamily: "ui-monospace, monospace" }}>
            {recognition.value}
          </strong>
        ) : (
          <a href={recognition.value} target="_blank" rel="noopener noreferrer nofollow" data-testid="recognized-link" style={{ wordBreak: "break-all" }}>
            {recognition.value}
          </a>
        )}
      </span>
      <CopyButton value={recognition.value} label={recognition.kind === "code" ? "Copy code" : "Copy link"} />
    </div>
  );
}

/** A compact marker for lists. */
export function RecognitionChip({ recognition }: { recognition: Recognition }) {
  if (recognition.kind === "none" || !recognition.value) return null;
  return <code className="token">{recognition.kind === "code" ? recognition.value : "link"}</code>;
}
