"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

/**
 * Mail HTML never enters our DOM: it is rendered in an iframe sandboxed without scripts or
 * same-origin access, under a CSP that blocks scripts and every remote load until the reader
 * allows images. Links open in a new tab, outside the sandbox.
 */
function sandboxDocument(html: string, allowImages: boolean): string {
  const imageSources = allowImages ? "data: cid: https: http:" : "data: cid:";
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src ${imageSources}; font-src data:; form-action 'none'`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><base target="_blank"><meta name="referrer" content="no-referrer"></head><body>${html}</body></html>`;
}

export function HtmlBody({ html }: { html: string }) {
  const t = useTranslations("mail.html");
  const [allowImages, setAllowImages] = useState(false);
  const hasRemoteImages = /<img[^>]+src\s*=\s*["']?https?:/i.test(html) || /url\(\s*["']?https?:/i.test(html);
  return (
    <div className="stack">
      {hasRemoteImages && !allowImages && (
        <p className="alert row" style={{ justifyContent: "space-between" }}>
          {t("imagesBlocked")}
          <button className="button small" type="button" onClick={() => { setAllowImages(true); }}>{t("showImages")}</button>
        </p>
      )}
      <iframe
        title={t("frameTitle")}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={sandboxDocument(html, allowImages)}
        style={{ width: "100%", height: "70vh", border: "1px solid var(--border)", borderRadius: 8, background: "#fff" }}
      />
    </div>
  );
}
