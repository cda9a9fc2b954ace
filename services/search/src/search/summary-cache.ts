/**
 * Search summaries (facet counts, the first pages of ordered ids, sponsored deals) cached in
 * memory for a short time, so paging, re-sorting and popular queries do not scan the match set
 * again. Concurrent misses for the same key share one database query. Entries expire after
 * `ttlMs` and all of them go when the index version changes (a sync); the least recently used
 * go first when the cache is full. Closed deals are still never shown: pages are fetched by id
 * with the clock of the request.
 */
export interface SummaryCacheOptions {
  /** How long a summary is served (default 30 s). */
  ttlMs?: number;
  /** Most summaries kept (default 1000). */
  maxEntries?: number;
}

export class SummaryCache<V> {
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #entries = new Map<string, { at: number; value: Promise<V> }>();
  #version: string | null = null;
  hits = 0;
  misses = 0;

  constructor(options: SummaryCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 30_000;
    this.#max = options.maxEntries ?? 1000;
  }

  /** Drops everything when the index version differs from the one the entries were made with. */
  setVersion(version: string): void {
    if (this.#version !== version) {
      this.#entries.clear();
      this.#version = version;
    }
  }

  /** The cached value for `key`, or the one `compute` gives (shared by concurrent callers). */
  async get(key: string, compute: () => Promise<V>): Promise<{ value: V; hit: boolean }> {
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry && now - entry.at < this.#ttlMs) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.hits++;
      return { value: await entry.value, hit: true };
    }
    this.misses++;
    const value = compute();
    this.#entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    while (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    return { value: await value, hit: false };
  }
}
