"use client";

import { useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { Compose } from "./compose";

// A reply names the received message in the query string, so the page stays static for Pages.
function ComposeFromQuery() {
  const reply = useSearchParams().get("reply") ?? undefined;
  return <Compose key={reply ?? "new"} replyTo={reply} />;
}

export function ComposePage() {
  return (
    <Suspense>
      <ComposeFromQuery />
    </Suspense>
  );
}
