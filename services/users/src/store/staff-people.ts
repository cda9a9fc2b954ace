/**
 * Staff people (issue 17 point 7): a person of the shop's staff, added from the command line
 * (`npm run staff-key -- add-person <email> <name>`, which prints a generated password once),
 * signs in on the gateway's /staff/sign-in with that email and password and gets a staff
 * session: a random token of its own table (only its SHA-256 kept), 8 hours at most, never a
 * shopper's session. Removing the person ends every session of theirs at once.
 */
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { ARGON2_OPTIONS } from '../lib/passwords.ts';
import { randomToken, sha256Hex, TOKEN_SHAPE } from '../lib/crypto.ts';
import type { UsersDb } from '../db/database.ts';
import { users, type Db } from './accounts.ts';

/** A staff session lasts a working day at most; signing out ends it sooner. */
export const STAFF_SESSION_MS = 8 * 60 * 60 * 1000;

export interface StaffPerson {
  email: string;
  name: string;
  createdAt: Date;
  removedAt: Date | null;
}

export class StaffEmailTaken extends Error {
  constructor(email: string) {
    super(`${email} is already a staff person: remove them first to start again.`);
    this.name = 'StaffEmailTaken';
  }
}

/** A password nobody chose: 24 random base64url characters (144 bits), shown once. */
export const generatedPassword = () => randomBytes(18).toString('base64url');

/** Adds a person (the email lower case); throws StaffEmailTaken when the email already has a live person. */
export async function addStaffPerson(db: Db, input: { email: string; name: string; passwordHash: string }, now: Date): Promise<StaffPerson> {
  const row = await users(db)
    .insertInto('staff_member')
    .values({ email: input.email.toLowerCase(), name: input.name, password_hash: input.passwordHash, created_at: now })
    .onConflict((oc) => oc.column('email').where('removed_at', 'is', null).doNothing())
    .returning(['email', 'name', 'created_at', 'removed_at'])
    .executeTakeFirst();
  if (!row) throw new StaffEmailTaken(input.email);
  return { email: row.email, name: row.name, createdAt: new Date(row.created_at), removedAt: null };
}

/** Removes the live person of `email` and ends their sessions, in one transaction; null when there is none. */
export async function removeStaffPerson(db: UsersDb, email: string, now: Date): Promise<StaffPerson | null> {
  return db.transaction().execute(async (trx) => {
    const row = await users(trx)
      .updateTable('staff_member')
      .set({ removed_at: now })
      .where('email', '=', email.toLowerCase())
      .where('removed_at', 'is', null)
      .returning(['id', 'email', 'name', 'created_at', 'removed_at'])
      .executeTakeFirst();
    if (!row) return null;
    await users(trx).updateTable('staff_session').set({ ended_at: now }).where('member_id', '=', row.id).where('ended_at', 'is', null).execute();
    return { email: row.email, name: row.name, createdAt: new Date(row.created_at), removedAt: row.removed_at ? new Date(row.removed_at) : null };
  });
}

/** Every person, live and removed, oldest first. */
export async function listStaffPeople(db: Db): Promise<StaffPerson[]> {
  const rows = await users(db).selectFrom('staff_member').select(['email', 'name', 'created_at', 'removed_at']).orderBy('id').execute();
  return rows.map((r) => ({ email: r.email, name: r.name, createdAt: new Date(r.created_at), removedAt: r.removed_at ? new Date(r.removed_at) : null }));
}

/** The live person of an email with their password hash (for the sign-in), or null. */
export async function staffPersonForSignIn(db: Db, email: string): Promise<{ id: string; name: string; passwordHash: string } | null> {
  const row = await users(db).selectFrom('staff_member').select(['id', 'name', 'password_hash']).where('email', '=', email.toLowerCase()).where('removed_at', 'is', null).executeTakeFirst();
  return row ? { id: String(row.id), name: row.name, passwordHash: row.password_hash } : null;
}

/** A new session of a person; the raw token is in this answer only. */
export async function startStaffSession(db: Db, memberId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MS);
  await users(db).insertInto('staff_session').values({ member_id: memberId, token_hash: sha256Hex(token), created_at: now, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/** The person a live session belongs to (not ended, not expired, the person not removed), or null. */
export async function verifyStaffSession(db: Db, token: string, now: Date): Promise<{ name: string; email: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await users(db)
    .selectFrom('staff_session as s')
    .innerJoin('staff_member as m', 'm.id', 's.member_id')
    .select(['m.name', 'm.email'])
    .where('s.token_hash', '=', sha256Hex(token))
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('m.removed_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/** Ends a session (signing out); true when it was live. */
export async function endStaffSession(db: Db, token: string, now: Date): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  const r = await users(db).updateTable('staff_session').set({ ended_at: now }).where('token_hash', '=', sha256Hex(token)).where('ended_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The demo staff person of a development or test shop (README; never in production unless asked). */
export const DEMO_STAFF = { email: 'staff@thistledeals.example', name: 'Demo Staff', password: 'Thistle-Staff-1' } as const;

/**
 * Makes the demo staff person when the email has no live person (an existing one is never
 * changed); true when made. Two shops starting at once: the unique index decides.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
export async function ensureDemoStaffPerson(db: Kysely<any>, now: Date): Promise<boolean> {
  if (await staffPersonForSignIn(db as UsersDb, DEMO_STAFF.email)) return false;
  try {
    await addStaffPerson(db as UsersDb, { email: DEMO_STAFF.email, name: DEMO_STAFF.name, passwordHash: await hash(DEMO_STAFF.password, ARGON2_OPTIONS) }, now);
    return true;
  } catch (error) {
    if (error instanceof StaffEmailTaken) return false;
    throw error;
  }
}
