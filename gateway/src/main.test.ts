/**
 * Reliability C3 for the real entry point: `node gateway/src/main.ts` on PGlite closes the
 * database (checkpoint, lock released) when stopped, both while it is still seeding and once it
 * is serving, and the data directory opens again afterwards.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE_NAME, openDatabase } from '@shop/platform';
import { afterAll, describe, expect, it } from 'vitest';

const main = new URL('./main.ts', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/**
 * Starts the shop and sends SIGTERM once `when(output)` holds, then resolves with the exit code
 * and everything it printed.
 */
function runUntil(dataDir: string, when: (output: string) => boolean): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SEED_DEALS: '6000', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let sent = false;
    const stop = () => {
      if (sent) return;
      sent = true;
      child.kill('SIGTERM');
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (when(output)) stop();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('main.ts shuts down cleanly on SIGTERM (C3)', () => {
  it('while starting: finishes the step, closes the database, exits 0, and the data opens again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-main-'));
    dirs.push(dataDir);
    // Stopped as soon as it says it is inserting the seed catalogue.
    const { code, output } = await runUntil(dataDir, (out) => out.includes('Seeding an empty database: inserting'));
    expect(code, output).toBe(0);
    expect(output).toContain('Shutting down');
    expect(output).not.toContain('Shop listening');
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const db = await openDatabase({ dataDir });
    await db.close();
  }, 120_000);

  it('while serving: closes the server and the database, exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-main-'));
    dirs.push(dataDir);
    const { code, output } = await runUntil(dataDir, (out) => out.includes('Shop listening'));
    expect(code, output).toBe(0);
    expect(output).toContain('Shutting down');
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const db = await openDatabase({ dataDir });
    await db.close();
  }, 120_000);
});

describe('main.ts reads its environment once (services/platform/src/environment.ts)', () => {
  it('a bad value stops the start before anything opens, naming each variable', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-main-'));
    dirs.push(dataDir);
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [main], {
        env: { ...process.env, PORT: '70000', TRUST_PROXY: 'yes', DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.on('error', reject);
      child.on('exit', (exitCode) => resolve({ code: exitCode, output }));
    });
    expect(code).toBe(1);
    expect(output).toContain('Configuration: PORT must be a port number (0–65535).');
    expect(output).toContain('Configuration: TRUST_PROXY must be 1 (on) or 0 (off).');
    expect(output).not.toContain('Shop listening');
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 60_000);
});
