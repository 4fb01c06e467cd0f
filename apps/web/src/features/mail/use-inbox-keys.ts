"use client";

import { useEffect, useRef, useState } from "react";

interface KeyedMessage {
  id: string;
  recognition: { kind: "code" | "link" | "none"; value: string | null };
}

interface InboxKeys {
  /** The message the keys act on (shown highlighted), if any. */
  current: string | null;
  /** What `c` just did, and on which message, for the feedback beside it. */
  copied: { id: string; outcome: "copied" | "nothing" } | null;
}

/** Keys are the page's only while nobody is typing: text fields, selects and editable content keep theirs. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "reset"].includes(target.type);
}

/** Links, buttons and fields answer Enter themselves. */
const answersEnter = (target: EventTarget | null) => target instanceof HTMLElement && target.closest("a, button, input, select, textarea") !== null;

/**
 * The inbox's keyboard: `j`/`k` move to the next/previous message (focusing its link), `Enter`
 * opens it, `c` copies its recognized code or link (or says there is none), `x` toggles its selection.
 */
export function useInboxKeys(options: {
  enabled: boolean;
  items: readonly KeyedMessage[];
  focus: (id: string) => void;
  open: (id: string) => void;
  toggle: (id: string) => void;
}): InboxKeys {
  const [current, setCurrent] = useState<string | null>(null);
  const [copied, setCopied] = useState<InboxKeys["copied"]>(null);
  // The listener is attached once; it reads the latest props and state through this ref.
  const latest = useRef({ ...options, current });
  useEffect(() => {
    latest.current = { ...options, current };
  });

  useEffect(() => {
    if (!options.enabled) return;
    let copiedTimer: ReturnType<typeof setTimeout> | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTyping(event.target)) return;
      const { items, focus, open, toggle, current: at } = latest.current;
      const index = items.findIndex((m) => m.id === at);
      const here = index >= 0 ? items[index] : undefined;
      if (event.key === "j" || event.key === "k") {
        const next = items[index < 0 ? 0 : Math.min(items.length - 1, Math.max(0, index + (event.key === "j" ? 1 : -1)))];
        if (!next) return;
        event.preventDefault();
        setCurrent(next.id);
        focus(next.id);
      } else if (event.key === "Enter" && here && !answersEnter(event.target)) {
        event.preventDefault();
        open(here.id);
      } else if (event.key === "x" && here) {
        event.preventDefault();
        toggle(here.id);
      } else if (event.key === "c" && here) {
        event.preventDefault();
        const id = here.id;
        const show = (outcome: "copied" | "nothing") => {
          setCopied({ id, outcome });
          clearTimeout(copiedTimer);
          copiedTimer = setTimeout(() => {
            setCopied(null);
          }, 1500);
        };
        const { value } = here.recognition;
        if (here.recognition.kind === "none" || !value) show("nothing");
        else void navigator.clipboard.writeText(value).then(() => { show("copied"); });
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      clearTimeout(copiedTimer);
    };
  }, [options.enabled]);

  return { current: options.items.some((m) => m.id === current) ? current : null, copied };
}
