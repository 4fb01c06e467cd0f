import type { ReactNode } from "react";

// Each language's layout ([locale]/layout.tsx) renders <html>; this one only exists because the
// site-wide not-found page below needs a root layout.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
