/**
 * The database matrix for service tests: in-memory PGlite always, and a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL when it is set. Use with
 * `describe.each(testDatabases())('… on %s', (_name, open) => …)`; every call of `open()` gives
 * a new empty database, dropped again by `close()`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './database.ts';

export type OpenTestDatabase = () => Promise<Database>;

export function testDatabases(): Array<[name: 'pglite' | 'postgres', open: OpenTestDatabase]> {
  const list: Array<['pglite' | 'postgres', OpenTestDatabase]> = [['pglite', () => openDatabase({ dataDir: 'memory://' })]];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) list.push(['postgres', () => openFreshPostgres(adminUrl)]);
  return list;
}

/** Runs `use` on a new database from `open`, and closes it afterwards whatever happened. */
export async function withDatabase<T>(open: OpenTestDatabase, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** Creates `<prefix><random>` on the server: its name, its url, and `drop()` (forced: open connections too). Benches use it as well. */
export async function createThrowawayPostgres(adminUrl: string, prefix: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      try {
        await drop.query(`drop database if exists ${name} with (force)`);
      } finally {
        await drop.end();
      }
    },
  };
}

/**
 * Creates `<prefix><random>` on the server, opens it with a pool of `poolSize` connections, and
 * drops it on close; `url` is the new database's.
 */
export async function openFreshPostgres(adminUrl: string, options: { poolSize?: number; prefix?: string } = {}): Promise<Database & { url: string }> {
  const created = await createThrowawayPostgres(adminUrl, options.prefix ?? 'shop_test_');
  const database = await openDatabase({ url: created.url, poolSize: options.poolSize ?? 5 });
  return {
    ...database,
    url: created.url,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
