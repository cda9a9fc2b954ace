/**
 * Reliability C1 (kill -9 at checkout fault points), shared by crash.test.ts (PostgreSQL) and
 * crash-pglite.test.ts (PGlite file storage): the fault points, the runs per point, the checkout
 * server (src/server.ts) as its own process, and calls to it with the service token.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_TOKEN } from './fixture.ts';

/** The fault points each C1 test kills the server at (README "Fault points"). */
export const C1_FAULT_POINTS = ['after-idem-claim', 'after-reserve', 'after-provider-success-before-commit', 'mid-voucher-issue', 'after-commit-before-response'];

/** Runs per fault point: 1 in the fast tier (reliability D5), C1_RUNS=5 for the catalogue's full count. */
export const C1_RUNS = Math.max(1, Math.min(20, Number(process.env.C1_RUNS ?? 1) || 1));

const serverPath = fileURLToPath(new URL('../server.ts', import.meta.url));

export interface RunningServer {
  child: ChildProcess;
  origin: string;
  exited: Promise<NodeJS.Signals | number | null>;
}

/**
 * Starts the checkout server with `env` over this process's environment (without DATABASE_URL
 * when `pglite`: then it runs on PGlite under the env's DATA_DIR); resolves once it listens.
 * A server that does not start within a minute is killed, so it never holds a data directory.
 */
export function startCheckoutServer(env: Record<string, string>, options: { pglite?: boolean } = {}): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const base = { ...process.env };
    if (options.pglite) delete base.DATABASE_URL;
    const child = spawn(process.execPath, [serverPath], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<NodeJS.Signals | number | null>((done) => child.on('exit', (code, signal) => done(signal ?? code)));
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${out}`));
    }, 60_000);
    const listening = options.pglite ? /Checkout service on (http:\/\/127\.0\.0\.1:\d+) \(pglite\)/ : /Checkout service on (http:\/\/127\.0\.0\.1:\d+)/;
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = listening.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, origin: m[1]!, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => void (out += chunk.toString()));
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server exited: ${out}`));
    });
  });
}

/** POST to a running checkout server with the service token (and an Idempotency-Key when given). */
export const postToServer = (origin: string, path: string, body: unknown, key?: string) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: { 'x-service-token': TEST_TOKEN, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(body) });
