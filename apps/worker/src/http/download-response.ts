import type { Download } from "@mailroom/api";
import { attachmentDisposition } from "./content-disposition.ts";

// Files from strangers are always downloaded, never rendered by the browser on our origin.
const downloadHeaders = {
  "Content-Type": "application/octet-stream",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Cache-Control": "private, no-store",
};

/** A stored file as a download (a session's or an API key's). */
export function downloadResponse(download: Download): Response {
  return new Response(download.body, { headers: { ...downloadHeaders, "Content-Disposition": attachmentDisposition(download.filename) } });
}
