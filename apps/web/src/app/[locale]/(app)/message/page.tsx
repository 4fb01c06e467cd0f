"use client";

import { useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { MessageView } from "@/features/mail/message-view";

// The id travels in the query string so the page stays static for Pages.
function Message() {
  const id = useSearchParams().get("id");
  if (!id) return <p className="card empty">No message selected.</p>;
  return <MessageView id={id} />;
}

export default function MessagePage() {
  return (
    <Suspense>
      <Message />
    </Suspense>
  );
}
