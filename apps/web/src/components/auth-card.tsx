import Link from "next/link";
import type { ReactNode } from "react";

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <main className="auth">
      <div className="card stack">
        <div>
          <Link href="/" className="muted">
            Mailroom
          </Link>
          <h1>{title}</h1>
        </div>
        {children}
        <p className="muted">{footer}</p>
      </div>
    </main>
  );
}
