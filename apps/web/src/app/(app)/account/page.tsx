"use client";

import { AccountSelfService } from "@/features/account/self-service";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

function ConnectedIdentities() {
  const identities = trpc.auth.oauth.identities.useQuery();
  if (identities.isPending) {
    return (
      <p className="muted" role="status">
        Loading connected accounts…
      </p>
    );
  }
  if (identities.isError) {
    return (
      <p className="alert error" role="alert">
        {errorMessage(identities.error)}{" "}
        <button className="button small" type="button" onClick={() => void identities.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (identities.data.length === 0) {
    return <p className="empty">No connected accounts. Sign in once with a quick-login provider and it is connected here.</p>;
  }
  return (
    <table className="list">
      <thead>
        <tr>
          <th scope="col">Provider</th>
          <th scope="col">Login</th>
          <th scope="col">E-mail</th>
          <th scope="col">Connected</th>
        </tr>
      </thead>
      <tbody>
        {identities.data.map((identity) => (
          <tr key={identity.id} data-testid="identity">
            <td>{identity.label}</td>
            <td>{identity.login ?? identity.name ?? "—"}</td>
            <td>{identity.email ?? "—"}</td>
            <td>{dateFormat.format(identity.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AccountPage() {
  const session = trpc.auth.session.useQuery();
  const user = session.data;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Account</h1>
          <p className="muted">Your sign-in details and connected accounts.</p>
        </div>
      </div>
      <section className="card stack">
        {user ? (
          <dl className="stack">
            <div>
              <dt className="muted">E-mail</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt className="muted">Role</dt>
              <dd>{user.role === "admin" ? "Administrator" : "User"}</dd>
            </div>
            <div>
              <dt className="muted">Member since</dt>
              <dd>{dateFormat.format(user.createdAt)}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted" role="status">
            Loading…
          </p>
        )}
        <h2>Connected accounts</h2>
        <ConnectedIdentities />
      </section>
      {user && <AccountSelfService email={user.email} />}
    </>
  );
}
