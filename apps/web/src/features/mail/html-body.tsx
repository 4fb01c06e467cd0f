"use client";

import DOMPurify from "dompurify";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";

/**
 * Mail HTML never enters our DOM: it is rendered in an iframe sandboxed without scripts, under a
 * CSP that blocks scripts and every remote load until the reader allows images, after a pass of
 * DOMPurify (a maintained sanitizer) that removes scripts, event handlers and `javascript:` URLs.
 * Links open in a new tab, outside the sandbox.
 */
function sandboxDocument(html: string, allowImages: boolean): string {
  const imageSources = allowImages ? "data: cid: https: http:" : "data: cid:";
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src ${imageSources}; font-src data:; form-action 'none'`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><base target="_blank"><meta name="referrer" content="no-referrer"></head><body>${html}</body></html>`;
}

// The reader's "dark background" choice, kept in this browser and shared by every open tab.
const darkKey = "mailroom-mail-dark";
const darkListeners = new Set<() => void>();
function subscribeDark(listener: () => void) {
  darkListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    darkListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
function setDark(on: boolean) {
  if (on) localStorage.setItem(darkKey, "1");
  else localStorage.removeItem(darkKey);
  for (const listener of darkListeners) listener();
}

/**
 * `allow-same-origin` (never with `allow-scripts`, which together would let the mail lift its own
 * sandbox) only lets this page read the frame's height so the frame fits the mail. Three layers
 * keep the mail's scripts from using the shared origin (CONTRACT §8): the sanitizer removes them,
 * the CSP forbids them, and without `allow-scripts` the sandbox runs none.
 */
const sandbox = "allow-same-origin allow-popups allow-popups-to-escape-sandbox";

/** The mail's HTML with scripts, event handlers and `javascript:` URLs removed; null where no DOM can do it. */
function sanitize(html: string): string | null {
  if (!DOMPurify.isSupported) return null;
  // The whole document, so the mail's own <head> styles survive; forms could only post to nowhere (CSP), so they go too.
  return DOMPurify.sanitize(html, { WHOLE_DOCUMENT: true, FORBID_TAGS: ["form", "input", "button", "textarea", "select"] });
}

export function HtmlBody({ html }: { html: string }) {
  const t = useTranslations("mail.html");
  const darkId = useId();
  const [allowImages, setAllowImages] = useState(false);
  const dark = useSyncExternalStore(subscribeDark, () => localStorage.getItem(darkKey) === "1", () => false);
  const frame = useRef<HTMLIFrameElement>(null);
  const observer = useRef<ResizeObserver>(null);
  // Starts at 0 so a short mail measures its own height, not the frame's default 150 px.
  const [height, setHeight] = useState(0);
  useEffect(() => () => observer.current?.disconnect(), []);
  const hasRemoteImages = /<img[^>]+src\s*=\s*["']?https?:/i.test(html) || /url\(\s*["']?https?:/i.test(html);
  const safe = useMemo(() => sanitize(html), [html]);

  /** Fits the frame to the mail on every load and whenever the mail's body changes size (images arriving, a narrower window). */
  function fitToContent() {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    observer.current?.disconnect();
    observer.current = new ResizeObserver(() => {
      setHeight(doc.documentElement.scrollHeight);
    });
    observer.current.observe(doc.body);
  }

  return (
    <div className="stack">
      {hasRemoteImages && !allowImages && (
        <p className="alert row" style={{ justifyContent: "space-between" }}>
          {t("imagesBlocked")}
          <button className="button small" type="button" onClick={() => { setAllowImages(true); }}>{t("showImages")}</button>
        </p>
      )}
      <div className="row">
        <input id={darkId} type="checkbox" checked={dark} onChange={(event) => { setDark(event.target.checked); }} />
        <label htmlFor={darkId}>{t("darkBackground")}</label>
        <span className="hint">{t("darkBackgroundHint")}</span>
      </div>
      {/* The border is on the wrapper so the dark-background filter below leaves it in the page's colours. */}
      <div style={{ border: "1px solid var(--muted)", borderRadius: 8, overflow: "hidden" }} data-testid="mail-frame-border">
        {safe !== null && <iframe
          ref={frame}
          title={t("frameTitle")}
          sandbox={sandbox}
          referrerPolicy="no-referrer"
          srcDoc={sandboxDocument(safe, allowImages)}
          onLoad={fitToContent}
          style={{
            display: "block",
            width: "100%",
            height,
            // Long mails stop here and scroll inside the frame.
            maxHeight: "80vh",
            border: 0,
            background: "#fff",
            // Darkens the mail without touching its document: colours are inverted and hues turned
            // back. Pictures are inverted too (from outside the frame they cannot be told apart),
            // which is why this is the reader's option and not tied to the dark theme.
            filter: dark ? "invert(1) hue-rotate(180deg)" : undefined,
          }}
        />}
      </div>
    </div>
  );
}
