"use client";

import Link from "next/link";
import { trpc } from "@/lib/trpc";

export default function DashboardPage() {
  const session = trpc.auth.session.useQuery();
  const user = session.data;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Dashboard</h1>
          <p className="muted">Signed in as {user?.email}</p>
        </div>
      </div>
      <section className="card empty">
        <h2>Welcome to Mailroom</h2>
        <p>Your account is ready. Mailbox addresses you create will be listed here, with new mail as it arrives.</p>
        {user?.role === "admin" && (
          <p>
            As an administrator you can <Link href="/admin/invites">invite people</Link> and{" "}
            <Link href="/admin/users">manage users</Link>.
          </p>
        )}
      </section>
    </>
  );
}
