"use client";

import { useFormatter, useTranslations } from "next-intl";
import { ErrorAlert } from "@/components/error-alert";
import { PageHeader } from "@/components/page-header";
import { trpc } from "@/lib/trpc";
import { formatByteSize } from "./byte-size";
import { GrowthChart } from "./growth-chart";

const ageKeys = ["day", "week", "month", "year", "older"] as const;

/** Admin → Storage: how full D1 is against its cap, what R2 holds, and where it is heading. */
export function StorageAdmin() {
  const t = useTranslations("admin.storage");
  const admin = useTranslations("admin");
  const format = useFormatter();
  const storage = trpc.admin.storage.get.useQuery();
  const bytes = (n: number) => formatByteSize(format, n);
  const percent = (n: number) => format.number(n / 100, { style: "percent", maximumFractionDigits: 1 });
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "long" });
  const day = (isoDay: string) => format.dateTime(new Date(`${isoDay}T00:00:00Z`), { month: "short", day: "numeric", timeZone: "UTC" });

  const data = storage.data;
  return (
    <div className="stack">
      <PageHeader title={t("title")} intro={t("intro")} />
      {storage.isPending && <p className="muted" role="status">{admin("loading")}</p>}
      {storage.isError && <ErrorAlert error={storage.error} />}
      {data && (
        <>
          <section className="card stack" aria-labelledby="d1-heading">
            <h2 id="d1-heading">{t("databaseHeading")}</h2>
            <p className="storage-figure">
              {t("used", { used: bytes(data.d1.bytes), cap: bytes(data.d1.capBytes) })} <span className="muted">({percent(data.d1.percent)})</span>
            </p>
            <meter className="storage-meter" min={0} max={100} low={80} high={95} optimum={0} value={Math.min(data.d1.percent, 100)} aria-label={t("usedLabel")}>
              {percent(data.d1.percent)}
            </meter>
            <p>
              {data.d1.bytes >= data.d1.capBytes
                ? t("full")
                : data.projectedFullAt
                  ? t("projected", { date: date(data.projectedFullAt) })
                  : t("noProjection")}
            </p>
            <p className="hint">{t("capHint")}</p>
          </section>

          <section className="card stack" aria-labelledby="r2-heading">
            <h2 id="r2-heading">{t("objectsHeading")}</h2>
            {data.r2.bound ? (
              <>
                <p className="storage-figure">{t("objects", { size: bytes(data.r2.bytes), count: data.r2.objects })}</p>
                <p className="hint">{t("objectsHint")}</p>
              </>
            ) : (
              <p>{t("noBucket")}</p>
            )}
          </section>

          <section className="card stack" aria-labelledby="messages-heading">
            <h2 id="messages-heading">{t("messagesHeading")}</h2>
            <p className="storage-figure">
              {t("messageCount", { count: data.messages.count })}
              {data.messages.oldestReceivedAt && <span className="muted"> · {t("oldest", { date: date(data.messages.oldestReceivedAt) })}</span>}
            </p>
            <table className="list narrow">
              <thead>
                <tr>
                  <th scope="col">{t("age")}</th>
                  <th scope="col">{t("count")}</th>
                </tr>
              </thead>
              <tbody>
                {data.messages.byAge.map((bucket, i) => (
                  <tr key={ageKeys[i]}>
                    <td>{t(`ages.${ageKeys[i] ?? "older"}`)}</td>
                    <td>{format.number(bucket.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.messages.bodiesToMove > 0 && <p className="hint">{t("moving", { count: data.messages.bodiesToMove })}</p>}
          </section>

          <section className="card stack" aria-labelledby="growth-heading">
            <h2 id="growth-heading">{t("growthHeading")}</h2>
            <p className="hint">{t("growthIntro")}</p>
            <GrowthChart days={data.growth} />
            <div className="table-scroll">
              <table className="list narrow">
                <thead>
                  <tr>
                    <th scope="col">{t("day")}</th>
                    <th scope="col">{t("received")}</th>
                    <th scope="col">{t("size")}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...data.growth].reverse().map((g) => (
                    <tr key={g.day}>
                      <td>{day(g.day)}</td>
                      <td>{format.number(g.messages)}</td>
                      <td>{g.d1Bytes === null ? t("noSample") : bytes(g.d1Bytes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section className="card stack" aria-labelledby="deferred-heading">
            <h2 id="deferred-heading">{t("deferredHeading")}</h2>
            <p>{t("deferred", { count: data.deferredLast24h })}</p>
          </section>
        </>
      )}
    </div>
  );
}
