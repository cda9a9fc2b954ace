/**
 * Staff API keys: created and revoked by `npm run staff-key` (staff-key-cli.ts) or the service's
 * /staff-keys routes, checked by the gateway for internal tools. A key is `tds_` and 32 random
 * bytes in base64url; only its SHA-256 is stored, with its first 12 characters to recognise it.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { sha256Hex } from '../lib/crypto.ts';
import { users, type Db } from './accounts.ts';

export const STAFF_KEY_PREFIX = 'tds_';
export const STAFF_KEY_SHAPE = /^tds_[A-Za-z0-9_-]{43}$/;
/** How much of a key is shown to tell keys apart (prefix and 8 random characters: never enough to guess it). */
export const STAFF_KEY_SHOWN = 12;
export const STAFF_KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

export interface StaffKeyRow {
  name: string;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

type Raw = { name: string; key_prefix: string; created_at: Date; revoked_at: Date | null };
const toRow = (r: Raw): StaffKeyRow => ({ name: r.name, prefix: r.key_prefix, createdAt: new Date(r.created_at), revokedAt: r.revoked_at ? new Date(r.revoked_at) : null });

export class StaffKeyNameTaken extends Error {
  constructor(name: string) {
    super(`A live staff key is already named ${name}: revoke it first, or choose another name.`);
    this.name = 'StaffKeyNameTaken';
  }
}

/** A new key for `name`; the raw key is in this answer only. Throws StaffKeyNameTaken when the name has a live key. */
export async function createStaffKey(db: Db, name: string, now: Date): Promise<StaffKeyRow & { key: string }> {
  const key = STAFF_KEY_PREFIX + randomBytes(32).toString('base64url');
  const prefix = key.slice(0, STAFF_KEY_SHOWN);
  // The partial unique index on lower(name) decides a race between two creates of one name.
  const inserted = await users(db)
    .insertInto('staff_key')
    .values({ name, key_prefix: prefix, key_hash: sha256Hex(key), created_at: now })
    .onConflict((oc) => oc.expression(sql`lower(name)`).where('revoked_at', 'is', null).doNothing())
    .returning(['name', 'key_prefix', 'created_at', 'revoked_at'])
    .executeTakeFirst();
  if (!inserted) throw new StaffKeyNameTaken(name);
  return { ...toRow(inserted), key };
}

/** Revokes the live key named `name`; null when there is none. */
export async function revokeStaffKey(db: Db, name: string, now: Date): Promise<StaffKeyRow | null> {
  const r = await users(db)
    .updateTable('staff_key')
    .set({ revoked_at: now })
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('revoked_at', 'is', null)
    .returning(['name', 'key_prefix', 'created_at', 'revoked_at'])
    .executeTakeFirst();
  return r ? toRow(r) : null;
}

/** Every key, live and revoked, oldest first (never the keys themselves). */
export async function listStaffKeys(db: Db): Promise<StaffKeyRow[]> {
  const rows = await users(db).selectFrom('staff_key').select(['name', 'key_prefix', 'created_at', 'revoked_at']).orderBy('id').execute();
  return rows.map((r) => toRow(r));
}

/** The name of the live key `key` is, or null (unknown, revoked, or not a key at all). */
export async function verifyStaffKey(db: Db, key: string): Promise<string | null> {
  if (!STAFF_KEY_SHAPE.test(key)) return null;
  const r = await users(db).selectFrom('staff_key').select('name').where('key_hash', '=', sha256Hex(key)).where('revoked_at', 'is', null).executeTakeFirst();
  return r?.name ?? null;
}
