"use client";

import { useSyncExternalStore } from "react";
import { earlyOfferKey } from "./early-offer";

/** Chromium's install offer (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

// The browser offers installation once, early, often before the menu exists: the offer is kept here.
let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
let watching = false;

function set(next: BeforeInstallPromptEvent | null): void {
  offer = next;
  for (const listener of listeners) listener();
}

/** Starts keeping the browser's install offer (once per page load). */
export function watchInstallOffer(): void {
  if (watching) return;
  watching = true;
  const early = (window as unknown as Record<string, BeforeInstallPromptEvent | undefined>)[earlyOfferKey];
  if (early) set(early);
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => {
    set(null);
  });
}

/** The browser's install offer while it stands, and a way to take it up. */
export function useInstallOffer(): { available: boolean; install: () => Promise<void> } {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer,
    () => null,
  );
  return {
    available: current !== null,
    install: async () => {
      if (!current) return;
      await current.prompt();
      // An offer can be used once, whatever the answer.
      await current.userChoice;
      set(null);
    },
  };
}
