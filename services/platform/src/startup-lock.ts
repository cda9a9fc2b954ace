/**
 * Several shop processes may start at once on one PostgreSQL (README "Running on more than one
 * machine"): their migrations and first seed must not run side by side. The first process holds a
 * session advisory lock on one connection while it migrates and seeds; the others wait for it, then
 * find everything done. PGlite has one opener (its lock file), so there the work just runs.
 */
import { sql } from 'kysely';
import type { Database } from './database.ts';

/** An arbitrary constant shared by every shop process: "shop start-up". */
export const STARTUP_LOCK_KEY = 4_173_001;

/**
 * The same lock, taken now and given back by calling the function it returns (for start-up code
 * that is one long sequence of steps). It holds one pooled connection until then.
 */
export async function acquireStartupLock(database: Pick<Database, 'db' | 'dialect'>): Promise<() => Promise<void>> {
  if (database.dialect !== 'postgres') return async () => {};
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const gotLock = new Promise<void>((resolve) => (locked = resolve));
  const held = database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
    locked();
    await released;
    await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
  });
  await Promise.race([gotLock, held]);
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    release();
    await held;
  };
}

/** `work` under the start-up lock (the block form of acquireStartupLock). */
export async function withStartupLock<T>(database: Pick<Database, 'db' | 'dialect'>, work: () => Promise<T>): Promise<T> {
  const release = await acquireStartupLock(database);
  try {
    return await work();
  } finally {
    await release();
  }
}
