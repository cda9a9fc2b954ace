/**
 * Work done after the answer has gone: looking up the address and sending the email of a
 * registration, a reset request or a subscription. The answer (and its timing) is then the same
 * whether or not the address is known (reliability A6, ASVS 6.3.8). Failures are logged, never
 * thrown at the caller. `settled()` lets tests (and a graceful shutdown) wait for it all.
 */
import type { Logger } from './deps.ts';

export interface Background {
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once nothing is running, including tasks started while waiting. */
  settled(): Promise<void>;
}

export function createBackground(log: Logger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      const p = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log('[users] background task failed', { task: name, error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) }))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
