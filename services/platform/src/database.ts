/**
 * One way to open the database for every service: PostgreSQL through `pg` when a `postgres://`
 * URL is given (or DATABASE_URL is set), otherwise embedded PGlite persisted under `dataDir`
 * (default ./data/pglite), or in memory when dataDir is 'memory://'.
 *
 * PGlite is single-process: a pid lock file in the data directory makes a second process fail
 * fast with a clear message instead of corrupting the files (reliability C3). PGlite survives a
 * process crash (committed transactions are on disk) but gives no power-loss durability, so
 * production uses a real PostgreSQL server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';

export type DialectName = 'pglite' | 'postgres';

export interface OpenDatabaseOptions {
  /** A postgres:// URL. Defaults to DATABASE_URL unless a dataDir is given. */
  url?: string;
  /** PGlite data directory; 'memory://' keeps it in memory. Default ./data/pglite. */
  dataDir?: string;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
}

export interface Database {
  /**
   * Not tied to one schema: the shop opens one connection for every service, and each service
   * passes it on as its own typed handle (the deals service takes `Kysely<DealsDatabase>`).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema-agnostic by design; only Kysely<any> is assignable to every service's Kysely<ServiceDatabase>
  db: Kysely<any>;
  dialect: DialectName;
  /** Closes the pool, or checkpoints and closes PGlite and releases its lock. Safe to call twice. */
  close(): Promise<void>;
}

export const DEFAULT_DATA_DIR = './data/pglite';
export const LOCK_FILE_NAME = 'shop-pglite.lock';

/** Thrown when another live process holds the PGlite data directory. */
export class DatabaseLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The PGlite data directory ${dataDir} is already in use by process ${pid}. ` +
        `PGlite allows one process per data directory: stop that process, or set DATABASE_URL to use a PostgreSQL server.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const url = options.url ?? (options.dataDir ? undefined : process.env.DATABASE_URL);
  if (url) return openPostgres(url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? DEFAULT_DATA_DIR);
}

function openPostgres(url: string, poolSize: number): Database {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must be a postgres:// URL');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    dialect: 'postgres',
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === 'memory://' || dataDir.startsWith('memory://');
  let releaseLock = () => {};
  let pglite: PGlite;
  if (inMemory) {
    pglite = new PGlite();
  } else {
    const dir = path.resolve(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    releaseLock = acquireLock(dir);
    try {
      pglite = new PGlite(dir);
      await pglite.waitReady;
    } catch (err) {
      releaseLock();
      throw err;
    }
  }
  await pglite.waitReady;
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) });
  let closed = false;
  return {
    db,
    dialect: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (!pglite.closed) {
          // Flush dirty pages so the next open needs no WAL replay.
          if (!inMemory) await pglite.query('CHECKPOINT');
          await pglite.close();
        }
      } finally {
        releaseLock();
      }
    },
  };
}

/**
 * Takes `<dataDir>/shop-pglite.lock` holding our pid. A lock left by a dead process (crash,
 * SIGKILL) is stale and is taken over; a lock held by a live process is refused.
 */
function acquireLock(dir: string): () => void {
  const lockPath = path.join(dir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readOrEmpty(lockPath), 10);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DatabaseLockedError(dir, pid);
      // Stale lock from a process that is gone: remove it and try again.
      try {
        fs.unlinkSync(lockPath);
      } catch {
        // Another process may have removed it first.
      }
    }
  }
  throw new Error(`Could not take the PGlite lock file ${lockPath}`);
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
