"use client";

import Link from "next/link";
import { trpc } from "@/lib/trpc";

export default function HomePage() {
  const info = trpc.system.info.useQuery();
  const appName = info.data?.appName ?? "Mailroom";
  return (
    <main className="landing">
      <section className="landing-card">
        <h1>{appName}</h1>
        <p className="lead">
          Disposable and long-lived mailboxes on your own domains. Every message is read safely, and the
          verification code or link is picked out for you.
        </p>
        <div className="actions">
          <Link className="button primary" href="/login">
            Sign in
          </Link>
          <Link className="button" href="/register">
            Register with an invite
          </Link>
        </div>
        <p className="status" role="status" aria-live="polite">
          {info.isPending && "Checking the service…"}
          {info.isError && "The service is not reachable right now."}
          {info.data && `Service online · ${info.data.environment}`}
        </p>
      </section>
    </main>
  );
}
