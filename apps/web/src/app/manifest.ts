import type { MetadataRoute } from "next";

/**
 * The web app manifest (/manifest.webmanifest): what a phone or desktop needs to install Mailroom
 * as an app. The PNG icons in public/icons are src/app/icon.svg rendered by Chromium at 192 and
 * 512 px; the maskable one is full-bleed with the envelope inside the central safe zone.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "Mailroom",
    short_name: "Mailroom",
    description: "Your own mailboxes, with the verification code already picked out.",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    background_color: "#f6f7f9",
    theme_color: "#2456d6",
    icons: [
      { src: "/icon.svg", type: "image/svg+xml", sizes: "any", purpose: "any" },
      { src: "/icons/icon-192.png", type: "image/png", sizes: "192x192", purpose: "any" },
      { src: "/icons/icon-512.png", type: "image/png", sizes: "512x512", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", type: "image/png", sizes: "512x512", purpose: "maskable" },
    ],
  };
}
