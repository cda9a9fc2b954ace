/**
 * A fixed-window request counter per client address, in memory (one process). Enough to stop
 * one browser or script flooding the log; a fleet of shop servers would each count on their own.
 */
export interface RateLimiter {
  /** Counts a request from `key`; false when the key is over its limit in the current window. */
  take(key: string, now?: number): boolean;
  /** Seconds until the current window of `key` ends. */
  retryAfter(key: string, now?: number): number;
}

export interface RateLimitOptions {
  /** Requests allowed per key per window. */
  limit: number;
  windowMs: number;
  /** Most keys remembered at once; when full, the oldest windows are forgotten first. */
  maxKeys?: number;
}

export function createRateLimiter({ limit, windowMs, maxKeys = 10_000 }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key, now = Date.now()) {
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        windows.delete(key);
        if (windows.size >= maxKeys) {
          // Map keeps insertion order: drop expired windows, then the oldest ones, to stay bounded.
          for (const [k, v] of windows) {
            if (windows.size < maxKeys && now - v.start < windowMs) break;
            windows.delete(k);
          }
        }
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count <= limit;
    },
    retryAfter(key, now = Date.now()) {
      const w = windows.get(key);
      return w ? Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) : 0;
    },
  };
}
