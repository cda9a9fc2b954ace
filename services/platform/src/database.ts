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
import { defaultLogger } from './logger.ts';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';

export type DialectName = 'pglite' | 'postgres';

export interface OpenDatabaseOptions {
  /** A postgres:// URL (environment.ts databaseSettings: DATABASE_URL); unset: PGlite. */
  url?: string;
  /** PGlite data directory; 'memory://' keeps it in memory. Default ./data/pglite. */
  dataDir?: string;
  /** Pool size for PostgreSQL (DB_POOL_SIZE; default 10). */
  poolSize?: number;
  /** PostgreSQL: run statements as named (prepared) ones (DB_PREPARED_STATEMENTS; default on; off behind a transaction-mode pooler). */
  preparedStatements?: boolean;
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

/** OID of the Postgres `date` type. */
const DATE_OID = 1082;

/**
 * `date` columns are read as their 'YYYY-MM-DD' text on both drivers. pg would otherwise make a
 * local-midnight Date (the previous day once formatted in UTC east of Greenwich) and PGlite a
 * UTC-midnight one. Set per pool / per PGlite instance, so nothing global in `pg` changes.
 */
const keepDateText = (value: string): string => value;
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID && format !== 'binary' ? keepDateText : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};
const pgliteParsers = { [DATE_OID]: keepDateText };
/**
 * Contrib extensions PGlite bundles but loads only when asked, so that `create extension if not
 * exists pg_trgm` / `unaccent` (search) works on both engines (a PostgreSQL server ships them).
 */
const pgliteExtensions = { pg_trgm, unaccent };

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? DEFAULT_POOL_SIZE, options.preparedStatements ?? true);
  return openPglite(options.dataDir ?? DEFAULT_DATA_DIR);
}

/** The PostgreSQL connections of a process's pool when DB_POOL_SIZE is unset. */
export const DEFAULT_POOL_SIZE = 10;

/** Distinct statement texts this process prepares by name; beyond this they run unnamed. */
export const PREPARED_STATEMENTS_MAX = 1000;
const preparedNames = new Map<string, string>();
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The name a statement text is prepared under, or null to run it unnamed. PostgreSQL then parses
 * and plans each statement once per connection instead of on every call (about a third of the
 * database's CPU per order in bench B10). Only plain DML is named (never DDL, which migrations
 * run), and at most PREPARED_STATEMENTS_MAX texts, so a query built with a varying number of
 * placeholders cannot grow every connection's statement cache without bound.
 */
export function preparedStatementName(text: string): string | null {
  const known = preparedNames.get(text);
  if (known) return known;
  if (!PREPARABLE.test(text) || preparedNames.size >= PREPARED_STATEMENTS_MAX) return null;
  const name = `k${createHash('sha1').update(text).digest('base64url')}`;
  preparedNames.set(text, name);
  return name;
}

/**
 * SQLSTATEs (and socket errors) of a database that went away or asked for the transaction to be
 * run again (reliability C2): the server shutting down or restarting (57P01–57P03), a connection
 * lost (class 08), a serialization failure or deadlock (40001, 40P01). The transaction was rolled
 * back by the server, so the request can be tried again as it was.
 */
const RETRYABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '40001', '40P01']);
const RETRYABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** True for an error of a database that went away or asked for a retry (see RETRYABLE_SQLSTATES). */
export function isRetryableDatabaseError(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (RETRYABLE_SQLSTATES.has(e.code) || RETRYABLE_SOCKET.has(e.code))) return true;
    // pg's own words when the server closed the socket under a query.
    if (typeof e.message === 'string' && /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/.test(e.message)) return true;
  }
  return false;
}

/** A pg client that sends Kysely's statements as named (prepared) statements. */
class PreparingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query() is heavily overloaded; this forwards every form unchanged
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values)) {
      const name = preparedStatementName(config);
      if (name) return super.query({ name, text: config, values }, callback);
    }
    return super.query(config, values, callback);
  }
}

function openPostgres(url: string, poolSize: number, prepare: boolean): Database {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must be a postgres:// URL');
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes, ...(prepare ? { Client: PreparingClient } : {}) });
  // A client that loses its server (restart, failover, pg_terminate_backend) must not crash the
  // process: idle ones report through the pool, checked-out ones through their own 'error' event,
  // which has no listener while a request holds the client between two queries (reliability C2).
  // The query in flight, if any, rejects on its own; the pool drops the dead client on release.
  pool.on('error', (err) => defaultLogger().error('Database idle client error', { error: err.message }));
  pool.on('connect', (client) => client.on('error', (err) => defaultLogger().error('Database connection lost', { error: err.message })));
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

/**
 * A fresh in-memory cluster (tests and throwaway shops open hundreds). PGlite's initdb costs ~4 s
 * of CPU each time; a copy of the first fresh cluster of this process loads in ~1 s, so the
 * first one is dumped before anything is written to it, and later ones start from that copy.
 */
let freshClusterDump: Promise<File | Blob> | null = null;
async function freshInMemoryPglite(): Promise<PGlite> {
  if (freshClusterDump) {
    const loadDataDir = await freshClusterDump.catch(() => null);
    if (loadDataDir) return PGlite.create({ parsers: pgliteParsers, extensions: pgliteExtensions, loadDataDir });
  }
  const pglite = await PGlite.create({ parsers: pgliteParsers, extensions: pgliteExtensions });
  freshClusterDump ??= pglite.dumpDataDir('none');
  await freshClusterDump.catch(() => {
    freshClusterDump = null;
  });
  return pglite;
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === 'memory://' || dataDir.startsWith('memory://');
  let releaseLock = () => {};
  let pglite: PGlite;
  if (inMemory) {
    pglite = await freshInMemoryPglite();
  } else {
    const dir = path.resolve(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    releaseLock = acquireLock(dir);
    try {
      pglite = new PGlite(dir, { parsers: pgliteParsers, extensions: pgliteExtensions });
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
 * Data directories this process holds a lock on. A lock file naming our own pid is ours only if
 * the directory is in here: in a container the service gets the same pid on every start, so a
 * lock left by a SIGKILLed earlier run names our pid too, and must count as stale. Kept on
 * globalThis so two copies of this module in one process still share it.
 */
const HELD_KEY = Symbol.for('shop.platform.pgliteHeldDataDirs');
const heldDataDirs: Set<string> = ((globalThis as Record<symbol, unknown>)[HELD_KEY] as Set<string> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[HELD_KEY] = new Set<string>());

/** When this process started (ms since the epoch), written into the lock for diagnosis. */
const PROCESS_STARTED_AT = Math.round(Date.now() - process.uptime() * 1000);

/** The pid in a lock file: `<pid>` (older locks) or `<pid> <process start ms>`. */
function lockPid(content: string): number {
  return Number.parseInt(content.split(/\s+/)[0] ?? '', 10);
}

/**
 * Takes `<dataDir>/shop-pglite.lock` holding our pid and process start time. A lock left by a
 * dead process (crash, SIGKILL) is stale and is taken over; so is one naming our own pid for a
 * directory this process does not hold (a restart that got the same pid). A lock held by a live
 * process, or by this process, is refused.
 */
function acquireLock(dir: string): () => void {
  const lockPath = path.join(dir, LOCK_FILE_NAME);
  const content = `${process.pid} ${PROCESS_STARTED_AT}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      try {
        fs.writeSync(fd, content);
      } finally {
        fs.closeSync(fd);
      }
      heldDataDirs.add(dir);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldDataDirs.delete(dir);
        try {
          if (readOrEmpty(lockPath) === content) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = lockPid(readOrEmpty(lockPath));
      const ours = pid === process.pid;
      if (ours ? heldDataDirs.has(dir) : Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DatabaseLockedError(dir, pid);
      // Stale lock from a process that is gone (or an earlier run with our pid): remove it and try again.
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
