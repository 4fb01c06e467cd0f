"use client";

import { Fragment, useState } from "react";
import { UserSwitches } from "@/features/admin/user-switches";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

export function UsersAdmin() {
  const [query, setQuery] = useState("");
  const [expanded, setExpanded] = useState<string | null>(null);
  const session = trpc.auth.session.useQuery();
  const utils = trpc.useUtils();
  const users = trpc.admin.users.list.useInfiniteQuery(
    { query: query.trim() || undefined, limit: 50 },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const update = trpc.admin.users.update.useMutation({ onSuccess: () => utils.admin.users.list.invalidate() });
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Users</h1>
          <p className="muted">{users.data ? `${users.data.pages[0]?.total ?? 0} accounts` : "\u00a0"}</p>
        </div>
        <div className="field">
          <label htmlFor="user-search">Search</label>
          <input id="user-search" type="search" placeholder="E-mail or name" value={query} onChange={(e) => { setQuery(e.target.value); }} />
        </div>
      </div>
      {update.error && <p className="alert error" role="alert">{errorMessage(update.error)}</p>}
      {users.isPending && <p className="muted" role="status">Loading…</p>}
      {users.isError && <p className="alert error" role="alert">{errorMessage(users.error)}</p>}
      {users.data && rows.length === 0 && <p className="card empty">No users match “{query}”.</p>}
      {rows.length > 0 && (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Joined</th>
              <th scope="col">Sent today</th>
              <th scope="col">API calls today</th>
              <th scope="col"><span className="sr-only">Feature switches</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((user) => {
              const self = user.id === session.data?.id;
              return (
                <Fragment key={user.id}>
                <tr>
                  <td>{user.email}{self && <span className="badge"> you</span>}</td>
                  <td>
                    <label className="sr-only" htmlFor={`role-${user.id}`}>Role of {user.email}</label>
                    <select id={`role-${user.id}`} value={user.role} disabled={self || update.isPending} onChange={(e) => { update.mutate({ id: user.id, role: e.target.value === "admin" ? "admin" : "user" }); }}>
                      <option value="user">User</option>
                      <option value="admin">Administrator</option>
                    </select>
                  </td>
                  <td>
                    <span className={`badge ${user.disabled ? "warn" : "ok"}`}>{user.disabled ? "Disabled" : "Active"}</span>{" "}
                    {!self && (
                      <button className="button small" type="button" disabled={update.isPending} onClick={() => { update.mutate({ id: user.id, disabled: !user.disabled }); }}>
                        {user.disabled ? "Enable" : "Disable"}
                      </button>
                    )}
                  </td>
                  <td>{user.createdAt.toLocaleDateString()}</td>
                  <td data-testid="user-outbound-usage">{user.outbound ? `${user.outbound.sentToday} / ${user.outbound.quota}` : "–"}</td>
                  <td data-testid="user-api-usage">{user.api ? `${user.api.usedToday} / ${user.api.quota}` : "–"}</td>
                  <td>
                    <button className="button small" type="button" aria-expanded={expanded === user.id} onClick={() => { setExpanded(expanded === user.id ? null : user.id); }}>
                      Switches
                    </button>
                  </td>
                </tr>
                {expanded === user.id && (
                  <tr>
                    <td colSpan={7}>
                      <UserSwitches userId={user.id} />
                    </td>
                  </tr>
                )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
      {users.hasNextPage && (
        <p>
          <button className="button" type="button" disabled={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
            {users.isFetchingNextPage ? "Loading…" : "Load more"}
          </button>
        </p>
      )}
    </>
  );
}
