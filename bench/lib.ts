// What the load benchmarks share: the client's own operations, a shop process of their own, closed-
// loop load with latency percentiles, and the shop's memory and file descriptors from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isMethodAvailable } from '../domain/src/payment-availability.ts';
import { createThrowawayPostgres } from '../services/platform/src/test-databases.ts';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
export const r1 = (x: number) => Math.round(x * 10) / 10;

export interface LatencyFigures {
  requests: number;
  errors: number;
  /** Answers with an HTTP status of 500 or more. */
  serverErrors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** `concurrency` clients each calling `work` again as soon as it answers, for `seconds`. */
export async function closedLoop(seconds: number, concurrency: number, work: (client: number, i: number) => Promise<unknown>): Promise<LatencyFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let serverErrors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      for (let i = 0; performance.now() < end; i++) {
        const t = performance.now();
        try {
          await work(client, i);
          latencies.push(performance.now() - t);
        } catch (error) {
          errors++;
          if (error instanceof HttpError && error.status >= 500) serverErrors++;
        }
      }
    }),
  );
  return figures(latencies, errors, serverErrors, (performance.now() - started) / 1000);
}

export function figures(latencies: number[], errors: number, serverErrors: number, seconds: number): LatencyFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { requests: sorted.length, errors, serverErrors, rps: r1(sorted.length / seconds), p50: r1(percentile(sorted, 0.5)), p95: r1(percentile(sorted, 0.95)), p99: r1(percentile(sorted, 0.99)) };
}

/** Resident memory of a process (MiB), from /proc. */
export function rssMiB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? r1(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Open file descriptors of a process (sockets included), from /proc. */
export function openFds(pid: number): number | null {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

/** A database of its own on the bench's PostgreSQL server (created when missing). */
export async function postgresDatabase(adminUrl: string, name: string): Promise<string> {
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return target.toString();
}

/**
 * Starts `node gateway/src/main.ts` on `port` with `env`, and waits until /health answers. The
 * shop's stdout (its request log lines) is dropped, or written to the file descriptor `stdout`.
 */
export async function startShopProcess(port: number, env: Record<string, string>, stdout: 'ignore' | number = 'ignore'): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'gateway', 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: base, CLIENT_DIST: '/nonexistent', ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the shop did not start within 5 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function stopShopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** A throwaway database on the PostgreSQL server (the test helper's): its url, name and drop(). */
export const throwawayDatabase = (adminUrl: string, prefix: string) => createThrowawayPostgres(adminUrl, `${prefix}_`);

/** Whether a desktop browser may pay `total` pence by card for an option of `subcategoryId` (the checkout's own rule). */
export function payableByCard(total: number, isGuest: boolean, subcategoryId: number | null): boolean {
  return isMethodAvailable('credit_card', {
    total,
    isGuest,
    highFraudRisk: false,
    subcategoryIds: subcategoryId === null ? [] : [subcategoryId],
    hasSavedInstruments: false,
    device: { applePay: false },
    browser: { samsung: false, ie: false },
    currency: 'GBP',
  });
}
