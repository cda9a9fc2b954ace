import { describe, expect, it } from 'vitest';
import { openFreshPostgres } from './test-databases.ts';
import { preparedStatementName } from './database.ts';
import { sql } from 'kysely';

describe('named (prepared) statements on PostgreSQL', () => {
  it('names plain DML by its text, the same text the same name; never DDL or transaction control', () => {
    const a = preparedStatementName('select 1 where $1::int > 0');
    expect(a).toMatch(/^k[A-Za-z0-9_-]+$/);
    expect(preparedStatementName('select 1 where $1::int > 0')).toBe(a);
    expect(preparedStatementName('select 2 where $1::int > 0')).not.toBe(a);
    for (const text of ['insert into t values ($1)', '  UPDATE t set a = $1', 'delete from t where a = $1', 'with x as (select 1) select * from x']) {
      expect(preparedStatementName(text), text).not.toBeNull();
    }
    for (const text of ['create table t (a int)', 'alter table t add column b int', 'begin', 'commit', 'set local lock_timeout = 1000', 'lock table t']) {
      expect(preparedStatementName(text), text).toBeNull();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('runs statements prepared once per connection, with their parameters each time', async () => {
    const database = await openFreshPostgres(process.env.TEST_DATABASE_URL!);
    try {
      const { db } = database;
      await sql`create table prepared_probe (id int primary key, note text)`.execute(db);
      for (let i = 1; i <= 20; i++) await db.insertInto('prepared_probe' as never).values({ id: i, note: `n${i}` } as never).execute();
      const rows = await Promise.all(Array.from({ length: 20 }, (_, i) => sql<{ note: string }>`select note from prepared_probe where id = ${i + 1}`.execute(db)));
      expect(rows.map((r) => r.rows[0]!.note)).toEqual(Array.from({ length: 20 }, (_, i) => `n${i + 1}`));
      // On one connection: the select is prepared by name there (unnamed statements are not listed).
      const listed = await db.connection().execute(async (conn) => {
        await sql`select note from prepared_probe where id = ${3}`.execute(conn);
        return sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement = 'select note from prepared_probe where id = $1'`.execute(conn);
      });
      expect(listed.rows[0]!.n).toBe(1);
    } finally {
      await database.close();
    }
  });
});
