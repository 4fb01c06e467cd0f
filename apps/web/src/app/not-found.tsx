import { ThemeProvider } from "next-themes";
import { NotFoundScreen } from "@/features/not-found/not-found-screen";
import "./globals.css";

/**
 * Any address the app does not have. One static page for every language: the screen picks the
 * reader's language itself, and next-themes applies their theme before the first paint.
 */
export default function NotFound() {
  return (
    <html lang="en" suppressHydrationWarning>
      <body>
        <ThemeProvider attribute="data-theme" storageKey="mailroom-theme" enableColorScheme={false} disableTransitionOnChange>
          <NotFoundScreen />
        </ThemeProvider>
      </body>
    </html>
  );
}
