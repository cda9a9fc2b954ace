/**
 * Staff API keys from the command line (`npm run staff-key -- <command>`):
 *   create <name>   a new key for a person or tool; printed once, never stored or shown again
 *   revoke <name>   the name's live key stops working (the gateway's cache forgets it within 10 s)
 *   list            every key: name, first characters, created, revoked
 * Options: --database-url URL, --data-dir DIR; otherwise DATABASE_URL / DATA_DIR as the shop
 * reads them (PGlite under ./data/pglite by default). PGlite allows one process: stop the shop
 * first, or run the shop on PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { DatabaseLockedError, environmentOrExit, openDatabase } from '@shop/platform';
import { migrateUsers, type UsersDb } from './db/database.ts';
import { createStaffKey, listStaffKeys, revokeStaffKey, STAFF_KEY_NAME, StaffKeyNameTaken } from './store/staff-keys.ts';

const USAGE = 'Usage: npm run staff-key -- create <name> | revoke <name> | list [--database-url URL] [--data-dir DIR]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'database-url': { type: 'string' }, 'data-dir': { type: 'string' } },
});
const [command, name, ...rest] = positionals;
if (!command || !['create', 'revoke', 'list'].includes(command) || rest.length > 0 || (command === 'list') !== (name === undefined)) {
  console.error(USAGE);
  process.exit(2);
}
if (name !== undefined && !STAFF_KEY_NAME.test(name)) {
  console.error('name: give 1 to 64 letters, digits, dots, dashes, underscores or @, starting with a letter or digit.');
  process.exit(2);
}

const env = environmentOrExit();
const url = values['database-url'] ?? env.DATABASE_URL;
const dataDir = values['data-dir'] ?? env.DATA_DIR;
let database;
try {
  database = await openDatabase({ ...(url ? { url } : {}), ...(dataDir ? { dataDir } : {}) });
} catch (error) {
  console.error(error instanceof DatabaseLockedError ? error.message : `Could not open the database: ${String(error)}`);
  process.exit(1);
}
const db = database.db as unknown as UsersDb;
try {
  await migrateUsers(db);
  if (command === 'create') {
    try {
      const created = await createStaffKey(db, name!, new Date());
      console.log(`Staff key for ${created.name} (shown once; keep it in a password manager):\n\n  ${created.key}\n`);
      console.log(`Send it as "Authorization: Bearer <key>" to /graphql. Revoke it with: npm run staff-key -- revoke ${created.name}`);
    } catch (error) {
      if (!(error instanceof StaffKeyNameTaken)) throw error;
      console.error(error.message);
      process.exitCode = 1;
    }
  } else if (command === 'revoke') {
    const revoked = await revokeStaffKey(db, name!, new Date());
    if (revoked) console.log(`Revoked the key of ${revoked.name} (${revoked.prefix}…).`);
    else {
      console.error(`No live staff key is named ${name}.`);
      process.exitCode = 1;
    }
  } else {
    const keys = await listStaffKeys(db);
    if (keys.length === 0) console.log('No staff keys.');
    for (const k of keys) {
      console.log(`${k.name}\t${k.prefix}…\tcreated ${k.createdAt.toISOString()}\t${k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'live'}`);
    }
  }
} finally {
  await database.close();
}
