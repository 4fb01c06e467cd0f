"use client";

import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { MessageView } from "./message-view";

// The id travels in the query string so the page stays static for Pages.
function Message() {
  const t = useTranslations("mail.view");
  const id = useSearchParams().get("id");
  if (!id) return <p className="card empty">{t("noneSelected")}</p>;
  return <MessageView id={id} />;
}

export function MessagePage() {
  return (
    <Suspense>
      <Message />
    </Suspense>
  );
}
