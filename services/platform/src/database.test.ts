import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, LOCK_FILE_NAME, openDatabase } from './database.ts';
import { testDatabases, withDatabase } from './test-databases.ts';

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
    await withDatabase(open, async (database) => {
      expect(database.dialect).toBe(dialect);
      const { rows } = await sql<{ n: number }>`select 41 + 1 as n`.execute(database.db);
      expect(Number(rows[0]!.n)).toBe(42);
    });
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
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, committed, enough, exit, stderr: () => stderr };
}

async function committedIds(dataDir: string): Promise<Set<number>> {
  const database = await openDatabase({ dataDir });
  try {
    const { rows } = await sql<{ id: number }>`select id from crash_row order by id`.execute(database.db);
    return new Set(rows.map((r) => Number(r.id)));
  } finally {
    await database.close();
  }
}

describe('PGlite file storage (reliability C3)', () => {
  // Reliability C3: 20 kill/reopen cycles of 200 committed inserts each. Each cycle starts a
  // fresh Node process that opens PGlite (~0.5-1 s), so this is the slowest test of the suite.
  const CYCLES = 20;
  const ROWS_PER_CYCLE = 200;
  it(`keeps every committed row across ${CYCLES} SIGKILLs during a write loop, and refuses a second opener`, async () => {
    const dataDir = tempDir();
    const all: number[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const { child, committed, enough, exit } = runWriter(dataDir, ROWS_PER_CYCLE);
      await enough;
      if (cycle === 0) {
        // A second process (here: this one) must fail fast with a clear message while the writer lives.
        await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseLockedError);
        await expect(openDatabase({ dataDir })).rejects.toThrow(/already in use by process \d+/);
      }
      child.kill('SIGKILL');
      await exit;
      all.push(...committed);
    }
    const present = await committedIds(dataDir);
    expect(all.filter((id) => !present.has(id))).toEqual([]);
    expect(all.length).toBeGreaterThanOrEqual(CYCLES * ROWS_PER_CYCLE);
    // After a clean close the lock is released: opening again works.
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 90_000);

  it('on SIGTERM mid-write, closes the database, exits 0 and releases the lock; every committed row is there on reopen', async () => {
    const dataDir = tempDir();
    const { child, committed, enough, exit, stderr } = runWriter(dataDir, 50);
    await enough;
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
    child.kill('SIGTERM');
    const { code, signal } = await exit;
    expect({ code, signal, stderr: stderr() }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const present = await committedIds(dataDir);
    expect(committed.filter((id) => !present.has(id))).toEqual([]);
    expect(present.size).toBe(committed.length);
  }, 30_000);

  it('takes over a stale lock naming our own pid (a restart in a container gets the same pid)', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await sql`create table kept (n integer)`.execute(first.db);
    await sql`insert into kept values (7)`.execute(first.db);
    await first.close();
    const lockPath = path.join(dataDir, LOCK_FILE_NAME);
    // What a SIGKILLed earlier run with this pid leaves behind, in the old and the new format.
    for (const stale of [String(process.pid), `${process.pid} 1`]) {
      writeFileSync(lockPath, stale);
      const database = await openDatabase({ dataDir });
      try {
        expect(readFileSync(lockPath, 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
        const { rows } = await sql<{ n: number }>`select n from kept`.execute(database.db);
        expect(rows.map((r) => Number(r.n))).toEqual([7]);
        // Held by this process now: a second open is still refused.
        await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseLockedError);
      } finally {
        await database.close();
      }
      expect(existsSync(lockPath)).toBe(false);
    }
  });

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
