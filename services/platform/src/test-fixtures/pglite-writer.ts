/**
 * Child process for the crash and shutdown tests: opens PGlite at argv[2], inserts rows in a loop
 * and prints each id once its transaction has committed. The parent SIGKILLs it mid-loop, or
 * sends SIGTERM: then it finishes the transaction in flight, closes the database (checkpoint,
 * lock released) and exits 0, as the services do.
 */
import { sql } from 'kysely';
import { openDatabase } from '../database.ts';

const dataDir = process.argv[2]!;
const database = await openDatabase({ dataDir });
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});
await sql`create table if not exists crash_row (id integer primary key, payload text not null)`.execute(database.db);
const start = Number((await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from crash_row`.execute(database.db)).rows[0]!.n);
process.stdout.write(`ready ${start}\n`);
for (let id = start + 1; !stopping; id++) {
  await database.db.transaction().execute(async (trx) => {
    await sql`insert into crash_row (id, payload) values (${id}, ${'x'.repeat(200)})`.execute(trx);
  });
  process.stdout.write(`${id}\n`);
  // PGlite runs in-process and its promises settle as microtasks: without a macrotask turn the
  // loop would never let the event loop deliver the SIGTERM.
  await new Promise((resolve) => setImmediate(resolve));
}
await database.close();
process.stdout.write('closed\n');
process.exit(0);
