import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from './database.ts';
import { testDatabases } from './test-databases.ts';

const writer = fileURLToPath(new URL('./test-fixtures/pglite-writer.ts', import.meta.url));
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pglite-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(testDatabases())('openDatabase on %s', (dialect, open) => {
  it('runs queries and reports its dialect', async () => {
    const database = await open();
    try {
      expect(database.dialect).toBe(dialect);
      const { rows } = await sql<{ n: number }>`select 41 + 1 as n`.execute(database.db);
      expect(Number(rows[0]!.n)).toBe(42);
    } finally {
      await database.close();
    }
  });
});

/** Starts the writer; resolves once it has committed `minRows` rows, with the ids it reported. */
function runWriter(dataDir: string, minRows: number) {
  const child = spawn(process.execPath, [writer, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const committed: number[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  const enough = new Promise<void>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (d) => {
      buffer += String(d);
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) if (/^\d+$/.test(line)) committed.push(Number(line));
      if (committed.length >= minRows) resolve();
    });
    child.on('exit', (code) => reject(new Error(`writer exited early (${code}): ${stderr}`)));
  });
  return { child, committed, enough };
}

describe('PGlite file storage (reliability C3)', () => {
  it('keeps every committed row across SIGKILLs during a write loop, and refuses a second opener', async () => {
    const dataDir = tempDir();
    const all: number[] = [];
    for (let cycle = 0; cycle < 3; cycle++) {
      const { child, committed, enough } = runWriter(dataDir, 40 + cycle * 25);
      await enough;
      if (cycle === 0) {
        // A second process (here: this one) must fail fast with a clear message while the writer lives.
        await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseLockedError);
        await expect(openDatabase({ dataDir })).rejects.toThrow(/already in use by process \d+/);
      }
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      all.push(...committed);
    }
    const database = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ id: number }>`select id from crash_row order by id`.execute(database.db);
      const present = new Set(rows.map((r) => Number(r.id)));
      const missing = all.filter((id) => !present.has(id));
      expect(missing).toEqual([]);
      expect(all.length).toBeGreaterThanOrEqual(40 + 65 + 90);
    } finally {
      await database.close();
    }
    // After a clean close the lock is released: opening again works.
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 120_000);

  it('refuses a second open of the same data directory in the same process', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(`is already in use by process ${process.pid}`);
    } finally {
      await first.close();
    }
  });
});
