"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Fragment, useState } from "react";
import { UserSwitches } from "@/features/admin/user-switches";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";
import { PageHeader } from "@/components/page-header";

export function UsersAdmin() {
  const t = useTranslations("admin.users");
  const admin = useTranslations("admin");
  const format = useFormatter();
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
      <PageHeader title={t("title")} intro={users.data ? t("count", { count: users.data.pages[0]?.total ?? 0 }) : "\u00a0"}>
        <div className="field">
          <label htmlFor="user-search">{t("search")}</label>
          <input id="user-search" type="search" placeholder={t("searchPlaceholder")} value={query} onChange={(e) => { setQuery(e.target.value); }} />
        </div>
      </PageHeader>
      {update.error && <ErrorAlert error={update.error} />}
      {users.isPending && <p className="muted" role="status">{admin("loading")}</p>}
      {users.isError && <ErrorAlert error={users.error} />}
      {users.data && rows.length === 0 && <p className="card empty">{t("noMatch", { query })}</p>}
      {rows.length > 0 && (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">{t("email")}</th>
              <th scope="col">{t("role")}</th>
              <th scope="col">{t("status")}</th>
              <th scope="col">{t("joined")}</th>
              <th scope="col">{t("sentToday")}</th>
              <th scope="col">{t("apiToday")}</th>
              <th scope="col"><span className="sr-only">{t("switchesColumn")}</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((user) => {
              const self = user.id === session.data?.id;
              return (
                <Fragment key={user.id}>
                <tr>
                  <td>{user.email}{self && <span className="badge"> {t("you")}</span>}</td>
                  <td data-label={t("role")}>
                    <label className="sr-only" htmlFor={`role-${user.id}`}>{t("roleOf", { email: user.email })}</label>
                    <select id={`role-${user.id}`} value={user.role} disabled={self || update.isPending} onChange={(e) => { update.mutate({ id: user.id, role: e.target.value === "admin" ? "admin" : "user" }); }}>
                      <option value="user">{admin("roles.user")}</option>
                      <option value="admin">{admin("roles.admin")}</option>
                    </select>
                  </td>
                  <td data-label={t("status")}>
                    <span className={`badge ${user.disabled ? "warn" : "ok"}`}>{user.disabled ? t("disabled") : t("active")}</span>{" "}
                    {!self && (
                      <button className="button small" type="button" disabled={update.isPending} onClick={() => { update.mutate({ id: user.id, disabled: !user.disabled }); }}>
                        {user.disabled ? t("enable") : t("disable")}
                      </button>
                    )}
                  </td>
                  <td data-label={t("joined")}>{format.dateTime(user.createdAt, { dateStyle: "medium" })}</td>
                  <td data-label={t("sentToday")} data-testid="user-outbound-usage">{user.outbound ? `${format.number(user.outbound.sentToday)} / ${format.number(user.outbound.quota)}` : "–"}</td>
                  <td data-label={t("apiToday")} data-testid="user-api-usage">{user.api ? `${format.number(user.api.usedToday)} / ${format.number(user.api.quota)}` : "–"}</td>
                  <td>
                    <button className="button small" type="button" aria-expanded={expanded === user.id} onClick={() => { setExpanded(expanded === user.id ? null : user.id); }}>
                      {t("switches")}
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
            {users.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
          </button>
        </p>
      )}
    </>
  );
}
