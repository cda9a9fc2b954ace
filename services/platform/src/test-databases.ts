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

/** Creates `shop_test_<random>` on the server, opens it, and drops it on close. */
export async function openFreshPostgres(adminUrl: string): Promise<Database> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
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
