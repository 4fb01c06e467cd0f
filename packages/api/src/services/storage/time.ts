// Storage counters are kept per UTC day and per hour, numbered from 1970 as D1's triggers number them.
const hourMs = 3_600_000;
export const dayMs = 86_400_000;

export const dayOf = (at: Date) => Math.floor(at.getTime() / dayMs);
export const hourOf = (at: Date) => Math.floor(at.getTime() / hourMs);
