"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { trpc } from "@/lib/trpc";

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  return (
    <Link href={href} aria-current={pathname === href ? "page" : undefined}>
      {children}
    </Link>
  );
}

/** Every signed-in page: redirects signed-out visitors to /login?next=…, then shows the navigation. */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const utils = trpc.useUtils();
  const session = trpc.auth.session.useQuery();
  const outbound = trpc.outbound.status.useQuery(undefined, { enabled: Boolean(session.data) });
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
          Could not reach the service. <button className="button small" onClick={() => void session.refetch()}>Try again</button>
        </p>
      </main>
    );
  }
  if (!session.data) {
    return (
      <main className="auth">
        <p className="muted" role="status">
          Loading…
        </p>
      </main>
    );
  }
  const user = session.data;
  return (
    <div className="shell">
      <nav aria-label="Main">
        <span className="brand">Mailroom</span>
        <NavLink href="/dashboard">Dashboard</NavLink>
        <NavLink href="/inbox">Inbox</NavLink>
        {outbound.data?.enabled && <NavLink href="/compose">Send mail</NavLink>}
        <NavLink href="/sent">Sent</NavLink>
        <NavLink href="/settings/messenger">Messenger</NavLink>
        <NavLink href="/settings/webhooks">Webhooks</NavLink>
        <NavLink href="/settings/api-keys">API keys</NavLink>
        <NavLink href="/account">Account</NavLink>
        {user.role === "admin" && (
          <>
            <span className="section">Administration</span>
            <NavLink href="/admin/invites">Invites</NavLink>
            <NavLink href="/admin/users">Users</NavLink>
            <NavLink href="/admin/settings">Mail settings</NavLink>
            <NavLink href="/admin/messenger">Bot</NavLink>
          </>
        )}
        <span className="spacer" />
        <span className="muted" title={user.email}>
          {user.email}
        </span>
        <button className="button small" type="button" onClick={() => { logout.mutate(); }} disabled={logout.isPending}>
          Sign out
        </button>
      </nav>
      <main>{children}</main>
    </div>
  );
}
