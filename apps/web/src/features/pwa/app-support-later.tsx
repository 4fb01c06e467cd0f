"use client";

import { lazy, Suspense } from "react";

// Registering the service worker and colouring the toolbar can wait until the page is up: their
// code stays out of every page's first load (the sign-in page keeps to its budget).
const AppSupport = lazy(() => import("./app-support").then((m) => ({ default: m.AppSupport })));

export function AppSupportLater() {
  return (
    <Suspense>
      <AppSupport />
    </Suspense>
  );
}
