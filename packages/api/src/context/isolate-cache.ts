/**
 * Reads kept in the isolate for a few seconds, for the path every mail takes. A write in the
 * same isolate empties every such cache (`forgetCachedReads`); other isolates see it when the
 * entry's time runs out, so the time bounds how stale a read can be.
 */
export class IsolateCache<V> {
  readonly #entries = new Map<string, { value: Promise<V>; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(ttlMs: number, maxEntries: number) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    caches.add(this);
  }

  /**
   * The cached value of `key` while it is younger than the time to live at `now`, else what
   * `load` answers. Concurrent callers share one load; a value `keep` refuses (or a failed load)
   * is not kept.
   */
  get(key: string, now: Date, load: () => Promise<V>, keep: (value: V) => boolean): Promise<V> {
    const at = now.getTime();
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > at) return entry.value;
    if (entry) this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    const value = load();
    const stored = { value, expiresAt: at + this.#ttlMs };
    this.#entries.set(key, stored);
    const drop = () => {
      if (this.#entries.get(key) === stored) this.#entries.delete(key);
    };
    void value.then((loaded) => {
      if (!keep(loaded)) drop();
    }, drop);
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}

const caches = new Set<{ clear(): void }>();

/** After a write that could change a cached read (settings, switches, mailboxes, users). */
export function forgetCachedReads(): void {
  for (const cache of caches) cache.clear();
}
