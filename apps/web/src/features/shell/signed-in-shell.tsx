"use client";

import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Preferences } from "@/components/preferences";
import { StorageBanner } from "@/features/admin/storage-banner";
import { InstallButton } from "@/features/pwa/install-button";
import { trpc } from "@/lib/trpc";

function NavLink({ href, children, onNavigate }: { href: string; children: ReactNode; onNavigate: () => void }) {
  const pathname = usePathname();
  return (
    <Link href={href} aria-current={pathname === href ? "page" : undefined} onClick={onNavigate}>
      {children}
    </Link>
  );
}

/**
 * Every signed-in page: redirects signed-out visitors to /login?next=…, then shows the navigation
 * (a sidebar on wide screens, a menu button on narrow ones).
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const t = useTranslations("shell");
  const common = useTranslations("common");
  const router = useRouter();
  const pathname = usePathname();
  const navId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const utils = trpc.useUtils();
  const session = trpc.auth.session.useQuery();
  const outbound = trpc.outbound.status.useQuery(undefined, { enabled: Boolean(session.data) });
  // The bot and the notifications speak the language this person reads Mailroom in.
  const locale = useLocale();
  const setLocale = trpc.account.setLocale.useMutation();
  const storedLocale = session.data?.locale;
  useEffect(() => {
    if (storedLocale !== undefined && storedLocale !== locale && setLocale.isIdle) setLocale.mutate({ locale });
  }, [storedLocale, locale, setLocale]);
  // Signing out goes to a plain /login, not back to this page after the next sign-in.
  const [signingOut, setSigningOut] = useState(false);
  const logout = trpc.auth.logout.useMutation({
    onMutate: () => {
      setSigningOut(true);
    },
    onSuccess: () => {
      utils.auth.session.setData(undefined, null);
      router.replace("/login");
    },
    onError: () => {
      setSigningOut(false);
    },
  });
  const signedOut = session.data === null && !session.isFetching && !signingOut;

  useEffect(() => {
    if (signedOut) {
      const here = `${pathname}${window.location.search}`;
      router.replace(`/login?next=${encodeURIComponent(here)}`);
    }
  }, [signedOut, pathname, router]);

  if (session.isError) {
    return (
      <main className="auth">
        <p className="alert error" role="alert">
          {t("unreachable")}{" "}
          <button className="button small" type="button" onClick={() => void session.refetch()}>
            {common("tryAgain")}
          </button>
        </p>
      </main>
    );
  }
  if (!session.data) {
    return (
      <main className="auth">
        <p className="muted" role="status">
          {common("loading")}
        </p>
      </main>
    );
  }
  const user = session.data;
  const close = () => {
    setMenuOpen(false);
  };
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">{common("appName")}</span>
        <button className="button small" type="button" aria-expanded={menuOpen} aria-controls={navId} onClick={() => { setMenuOpen(!menuOpen); }}>
          {menuOpen ? t("closeMenu") : t("menu")}
        </button>
      </header>
      <nav id={navId} aria-label={t("mainNav")} data-open={menuOpen}>
        <span className="brand">{common("appName")}</span>
        <NavLink href="/dashboard" onNavigate={close}>{t("dashboard")}</NavLink>
        <NavLink href="/inbox" onNavigate={close}>{t("inbox")}</NavLink>
        {outbound.data?.enabled && <NavLink href="/compose" onNavigate={close}>{t("compose")}</NavLink>}
        <NavLink href="/sent" onNavigate={close}>{t("sent")}</NavLink>
        <NavLink href="/settings/messenger" onNavigate={close}>{t("messenger")}</NavLink>
        <NavLink href="/settings/webhooks" onNavigate={close}>{t("webhooks")}</NavLink>
        <NavLink href="/settings/api-keys" onNavigate={close}>{t("apiKeys")}</NavLink>
        <NavLink href="/settings/blocklist" onNavigate={close}>{t("blocklist")}</NavLink>
        <NavLink href="/account" onNavigate={close}>{t("account")}</NavLink>
        {user.role === "admin" && (
          <>
            <span className="section">{t("administration")}</span>
            <NavLink href="/admin/invites" onNavigate={close}>{t("invites")}</NavLink>
            <NavLink href="/admin/users" onNavigate={close}>{t("users")}</NavLink>
            <NavLink href="/admin/settings" onNavigate={close}>{t("mailSettings")}</NavLink>
            <NavLink href="/admin/storage" onNavigate={close}>{t("storage")}</NavLink>
            <NavLink href="/admin/blocklist" onNavigate={close}>{t("globalBlocklist")}</NavLink>
            <NavLink href="/admin/messenger" onNavigate={close}>{t("bot")}</NavLink>
          </>
        )}
        <span className="spacer" />
        <Preferences />
        <InstallButton />
        <span className="muted user-email" title={user.email}>
          {user.email}
        </span>
        <button className="button small" type="button" onClick={() => { logout.mutate(); }} disabled={logout.isPending}>
          {t("signOut")}
        </button>
      </nav>
      <main>
        {user.role === "admin" && pathname.startsWith("/admin") && <StorageBanner />}
        {children}
      </main>
    </div>
  );
}
