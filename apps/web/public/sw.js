// Mailroom's service worker: keeps the app shell (the offline page with its styles, the icons, and
// every hashed /_next/static/ file once fetched) and answers a page load that cannot reach the
// network with the offline page instead of the browser's error. It never touches /api/*: mail,
// sessions and everything else a person sees stays live. Registered by production builds only.
const CACHE = "mailroom-shell-v2";
const OFFLINE = "/offline";
const ICONS = ["/icon.svg", "/icons/icon-192.png", "/icons/icon-512.png"];

/**
 * The offline page as the reader's language renders it now, and the stylesheets it links. It is
 * kept without its script files: it is plain text and a form, and a page hydrating offline would
 * ask for code it cannot reach and end in an error screen.
 */
async function keepShell() {
  const cache = await caches.open(CACHE);
  await cache.addAll(ICONS);
  const page = await fetch(OFFLINE, { credentials: "same-origin" });
  if (!page.ok) throw new Error(`${OFFLINE} answered ${page.status}`);
  const html = await page.text();
  const inert = html.replace(/<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>/g, "").replace(/<link\b[^>]*\bas="script"[^>]*>/g, "");
  await cache.put(OFFLINE, new Response(inert, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  const styles = [...html.matchAll(/href="(\/_next\/static\/[^"]+\.css)"/g)].map((m) => m[1]);
  await cache.addAll(styles);
}

self.addEventListener("install", (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE)) ?? Response.error()));
    return;
  }
  // Hashed build files never change under their name: the cached copy is the file.
  if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then(async (response) => {
            if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
            return response;
          }),
      ),
    );
  }
});
