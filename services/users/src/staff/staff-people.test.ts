/**
 * Staff people (issue 17 point 7): a person added with a password signs in for a staff session
 * (its own token, 8 hours at most, never a shopper session), which verifies until it ends,
 * expires or the person is removed; wrong passwords and unknown emails get the same answer; the
 * command line adds and removes people on a real PGlite data directory.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { hash } from '@node-rs/argon2';
import { openDatabase } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { afterAll, describe, expect, it } from 'vitest';
import type { UsersDb } from '../db/database.ts';
import { sha256Hex } from '../lib/crypto.ts';
import { ARGON2_OPTIONS } from '../lib/passwords.ts';
import { addStaffPerson, removeStaffPerson, STAFF_SESSION_MS, verifyStaffSession } from '../store/staff-people.ts';
import { problemOf, usersFixture } from '../test/users-fixture.ts';
import { StaffSessionCheckSchema, StaffSessionStartedSchema } from './staff-people.contract.ts';

const run = promisify(execFile);
const PASSWORD = 'a staff password 1';

describe.each(testDatabases())('staff people on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());
  const db = () => f.database.db as unknown as UsersDb;
  const person = async (label: string) => {
    const email = f.email(label);
    await addStaffPerson(db(), { email, name: `Staff ${label}`, passwordHash: await hash(PASSWORD, ARGON2_OPTIONS) }, f.clock.now);
    return email;
  };
  const signIn = (email: string, password = PASSWORD, ip = f.ip()) => f.call('POST', '/staff-sessions', { body: { email, password }, ip });
  const verify = async (token: string) => StaffSessionCheckSchema.parse(await (await f.call('POST', '/staff-sessions/verify', { body: { token } })).json()).data;

  it('signs a person in with a session of its own (only its SHA-256 kept) that verifies until signed out', async () => {
    const email = await person('ops');
    const res = await signIn(email.toUpperCase());
    expect(res.status).toBe(201);
    const { data } = StaffSessionStartedSchema.parse(await res.json());
    expect(data).toMatchObject({ name: 'Staff ops', email });
    expect(new Date(data.expiresAt).getTime() - f.clock.now.getTime()).toBe(STAFF_SESSION_MS);
    const row = await db().withSchema('users').selectFrom('staff_session').selectAll().where('token_hash', '=', sha256Hex(data.token)).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(data.token);
    expect(await verify(data.token)).toEqual({ valid: true, name: 'Staff ops', email });
    // Never a shopper session: the shopper routes do not know it.
    expect((await f.call('GET', '/user', { session: data.token })).status).not.toBe(200);
    const ended = await f.call('POST', '/staff-sessions/end', { body: { token: data.token } });
    expect(await ended.json()).toEqual({ data: { ended: true } });
    expect(await verify(data.token)).toEqual({ valid: false, name: null, email: null });
  });

  it('a wrong password and an unknown email get the same 401', async () => {
    const email = await person('wrong');
    const wrong = await problemOf(await signIn(email, 'not the password'));
    const unknown = await problemOf(await signIn(f.email('nobody')));
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
  });

  it('a session stops at 8 hours, and removing the person ends every session at once', async () => {
    const email = await person('leaver');
    const first = StaffSessionStartedSchema.parse(await (await signIn(email)).json()).data.token;
    const second = StaffSessionStartedSchema.parse(await (await signIn(email)).json()).data.token;
    expect(await verifyStaffSession(db(), first, new Date(f.clock.now.getTime() + STAFF_SESSION_MS - 1))).not.toBeNull();
    expect(await verifyStaffSession(db(), first, new Date(f.clock.now.getTime() + STAFF_SESSION_MS))).toBeNull();
    expect(await removeStaffPerson(db(), email, f.clock.now)).toMatchObject({ email });
    expect((await verify(first)).valid).toBe(false);
    expect((await verify(second)).valid).toBe(false);
    expect((await signIn(email)).status).toBe(401);
    expect(await removeStaffPerson(db(), email, f.clock.now)).toBeNull();
  });

  it('names the field of bad input; malformed tokens are simply not valid', async () => {
    for (const [body, field] of [[{ email: '', password: 'x' }, 'email'], [{ email: 'a@b.example' }, 'password'], [{ email: 'a@b.example', password: 'x', extra: 1 }, 'extra']] as const) {
      const res = await f.call('POST', '/staff-sessions', { body });
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors?.map((e) => e.field)).toEqual([field]);
    }
    expect(await verify('not a token')).toEqual({ valid: false, name: null, email: null });
  });
});

describe('npm run staff-key -- add-person / remove-person on a PGlite data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'staff-person-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (...args: string[]) =>
    run(process.execPath, [join(import.meta.dirname, '..', 'staff-key-cli.ts'), ...args, '--data-dir', dir], { env: { ...process.env, DATABASE_URL: '' } });

  it('adds a person with a password printed once, lists them, removes them; bad use exits non-zero', async () => {
    const added = await cli('add-person', 'Ops@Thistle.example', 'Morag', 'Reid');
    const password = /\n {2}(\S{24})\n/.exec(added.stdout)?.[1];
    expect(password).toBeDefined();
    expect(added.stdout).toContain('Morag Reid <ops@thistle.example>');
    const listed = await cli('list');
    expect(listed.stdout).toMatch(/^ops@thistle\.example\tMorag Reid\tadded \S+\tlive$/m);
    expect(listed.stdout).not.toContain(password);
    await expect(cli('add-person', 'ops@thistle.example', 'Again')).rejects.toMatchObject({ code: 1 });
    await expect(cli('add-person', 'not-an-email', 'X')).rejects.toMatchObject({ code: 2 });
    await expect(cli('add-person', 'x@thistle.example')).rejects.toMatchObject({ code: 2 });
    const database = await openDatabase({ dataDir: dir });
    try {
      const { staffPersonForSignIn } = await import('../store/staff-people.ts');
      expect(await staffPersonForSignIn(database.db as unknown as UsersDb, 'ops@thistle.example')).toMatchObject({ name: 'Morag Reid' });
    } finally {
      await database.close();
    }
    expect((await cli('remove-person', 'ops@thistle.example')).stdout).toContain('Removed Morag Reid');
    await expect(cli('remove-person', 'ops@thistle.example')).rejects.toMatchObject({ code: 1 });
  }, 60_000);
});
