import type { ReactNode } from "react";

/** A screen's title with its one-line introduction; `children` sit at the other end (filters, actions). */
export function PageHeader({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        {intro !== undefined && <p className="muted">{intro}</p>}
      </div>
      {children}
    </div>
  );
}
