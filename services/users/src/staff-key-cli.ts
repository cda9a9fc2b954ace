/**
 * Staff API keys and staff people from the command line (`npm run staff-key -- <command>`):
 *   create <name>   a new key for a person or tool; printed once, never stored or shown again
 *   revoke <name>   the name's live key stops working (the gateway's cache forgets it within 10 s)
 *   list            every key: name, first characters, created, revoked; and every staff person
 *   add-person <email> <name…>   a staff person who signs in on /staff/sign-in; a generated
 *                   password is printed once (issue 17 point 7)
 *   remove-person <email>        the person can no longer sign in; their sessions end now
 * Options: --database-url URL, --data-dir DIR; otherwise DATABASE_URL / DATA_DIR as the shop
 * reads them (PGlite under ./data/pglite by default). PGlite allows one process: stop the shop
 * first, or run the shop on PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { isEmail } from '@shop/domain/email';
import { DatabaseLockedError, environmentOrExit, openDatabase } from '@shop/platform';
import { migrateUsers, type UsersDb } from './db/database.ts';
import { ARGON2_OPTIONS } from './lib/passwords.ts';
import { createStaffKey, listStaffKeys, revokeStaffKey, STAFF_KEY_NAME, StaffKeyNameTaken } from './store/staff-keys.ts';
import { addStaffPerson, generatedPassword, listStaffPeople, removeStaffPerson, StaffEmailTaken } from './store/staff-people.ts';

const USAGE =
  'Usage: npm run staff-key -- create <name> | revoke <name> | list | add-person <email> <name…> | remove-person <email> [--database-url URL] [--data-dir DIR]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'database-url': { type: 'string' }, 'data-dir': { type: 'string' } },
});
const [command, name, ...rest] = positionals;
const personName = rest.join(' ').trim();
const usable =
  command === 'add-person'
    ? name !== undefined && personName.length > 0
    : !!command && ['create', 'revoke', 'list', 'remove-person'].includes(command) && rest.length === 0 && (command === 'list') === (name === undefined);
if (!usable) {
  console.error(USAGE);
  process.exit(2);
}
const forPerson = command === 'add-person' || command === 'remove-person';
if (forPerson && !isEmail(name!)) {
  console.error('email: give a valid email address.');
  process.exit(2);
}
if (command === 'add-person' && personName.length > 100) {
  console.error('name: at most 100 characters.');
  process.exit(2);
}
if (!forPerson && name !== undefined && !STAFF_KEY_NAME.test(name)) {
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
  } else if (command === 'add-person') {
    const password = generatedPassword();
    try {
      const person = await addStaffPerson(db, { email: name!, name: personName, passwordHash: await hash(password, ARGON2_OPTIONS) }, new Date());
      console.log(`Staff person ${person.name} <${person.email}> can sign in on /staff/sign-in with this password (shown once):\n\n  ${password}\n`);
      console.log(`Remove them with: npm run staff-key -- remove-person ${person.email}`);
    } catch (error) {
      if (!(error instanceof StaffEmailTaken)) throw error;
      console.error(error.message);
      process.exitCode = 1;
    }
  } else if (command === 'remove-person') {
    const removed = await removeStaffPerson(db, name!, new Date());
    if (removed) console.log(`Removed ${removed.name} <${removed.email}>: their staff sessions have ended.`);
    else {
      console.error(`No staff person has the email ${name}.`);
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
    const people = await listStaffPeople(db);
    console.log(people.length === 0 ? 'No staff people.' : 'Staff people:');
    for (const p of people) {
      console.log(`${p.email}\t${p.name}\tadded ${p.createdAt.toISOString()}\t${p.removedAt ? `removed ${p.removedAt.toISOString()}` : 'live'}`);
    }
  }
} finally {
  await database.close();
}
