"use client";

import { useTheme } from "next-themes";
import { useEffect } from "react";
import { themeColors } from "./theme-colors";

/**
 * On every page: registers the service worker (production builds; in development it would keep
 * stale code), keeps the browser's install offer for the menu, and gives the toolbar the colour
 * of the theme the reader chose, not only of the system's.
 */
export function AppSupport() {
  const { resolvedTheme } = useTheme();
  useEffect(() => {
    // Loaded after the page, outside its first-load JavaScript: the browser's offer comes later still.
    void import("./install-prompt").then((offer) => {
      offer.watchInstallOffer();
    });
    if (process.env.NODE_ENV === "production" && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(() => {
        // No offline page then; everything else works as before.
      });
    }
  }, []);
  useEffect(() => {
    if (resolvedTheme !== "light" && resolvedTheme !== "dark") return;
    for (const meta of Array.from(document.querySelectorAll('meta[name="theme-color"]'))) meta.setAttribute("content", themeColors[resolvedTheme]);
  }, [resolvedTheme]);
  return null;
}
