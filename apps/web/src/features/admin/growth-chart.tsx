/** One day of the Storage screen's growth chart. */
export interface GrowthDay {
  day: string;
  d1Bytes: number | null;
  messages: number;
}

const width = 280;
const height = 96;
const pad = 4;

/**
 * Messages received per day as bars, and the database size at each day's end as a line (each on
 * its own scale). Decorative: the table beside it carries the same numbers for everyone.
 */
export function GrowthChart({ days }: { days: readonly GrowthDay[] }) {
  const slot = (width - 2 * pad) / Math.max(days.length, 1);
  const maxMessages = Math.max(1, ...days.map((d) => d.messages));
  const sizes = days.map((d) => d.d1Bytes).filter((b): b is number => b !== null);
  const low = Math.min(...sizes);
  const high = Math.max(...sizes);
  const y = (bytes: number) => (high === low ? height / 2 : height - pad - ((bytes - low) / (high - low)) * (height - 2 * pad));
  const points = days.flatMap((d, i) => (d.d1Bytes === null ? [] : [`${String(pad + slot * (i + 0.5))},${String(y(d.d1Bytes))}`]));
  return (
    <svg className="growth-chart" viewBox={`0 0 ${String(width)} ${String(height)}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {days.map((d, i) => {
        const barHeight = (d.messages / maxMessages) * (height - 2 * pad);
        return <rect key={d.day} className="bar" x={pad + slot * i + slot * 0.15} y={height - pad - barHeight} width={slot * 0.7} height={barHeight} rx={1} />;
      })}
      {points.length > 1 && <polyline className="line" points={points.join(" ")} fill="none" vectorEffect="non-scaling-stroke" />}
      {points.length === 1 && points[0] && <circle className="dot" cx={points[0].split(",")[0]} cy={points[0].split(",")[1]} r={2.5} />}
    </svg>
  );
}
