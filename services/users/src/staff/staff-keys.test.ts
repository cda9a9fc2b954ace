/**
 * Staff API keys: created (shown once, stored as SHA-256 with a 12-character prefix), named (one
 * live key per name, decided by the database even under a race), verified, revoked, listed; over
 * REST and from the command line (`npm run staff-key`) on a real PGlite data directory.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { afterAll, describe, expect, it } from 'vitest';
import { StaffKeyCheckSchema, StaffKeyCreatedSchema, StaffKeyListSchema } from '../contract.ts';
import type { UsersDb } from '../db/database.ts';
import { sha256Hex } from '../lib/crypto.ts';
import { STAFF_KEY_SHAPE, verifyStaffKey } from '../store/staff-keys.ts';
import { problemOf, usersFixture } from '../test/users-fixture.ts';

const run = promisify(execFile);

describe.each(testDatabases())('staff API keys on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());
  let n = 0;
  const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(n += 1)}`;
  const create = async (name: string) => {
    const res = await f.call('POST', '/staff-keys', { body: { name } });
    expect(res.status).toBe(201);
    return StaffKeyCreatedSchema.parse(await res.json()).data;
  };
  const verify = async (key: string) => {
    const res = await f.call('POST', '/staff-keys/verify', { body: { key } });
    expect(res.status).toBe(200);
    return StaffKeyCheckSchema.parse(await res.json()).data;
  };

  it('creates a key shown once: only its SHA-256 and first 12 characters are stored', async () => {
    const name = unique('ops');
    const created = await create(name);
    expect(created.key).toMatch(STAFF_KEY_SHAPE);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.revokedAt).toBeNull();
    const row = await (f.database.db as unknown as UsersDb).withSchema('users').selectFrom('staff_key').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256Hex(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(await verify(created.key)).toEqual({ valid: true, name });
    const listed = StaffKeyListSchema.parse(await (await f.call('GET', '/staff-keys')).json()).data.find((k) => k.name === name);
    expect(listed).toEqual({ name, prefix: created.prefix, createdAt: created.createdAt, revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.key);
  });

  it('refuses unknown, malformed and near-miss keys', async () => {
    const { key } = await create(unique('near'));
    for (const wrong of [`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, key.slice(0, 12), 'tds_', 'Bearer x', key.toUpperCase()]) {
      expect(await verify(wrong)).toEqual({ valid: false, name: null });
    }
  });

  it('one live key per name (case-insensitive), decided by the database when two creates race', async () => {
    const name = unique('race');
    const answers = await Promise.all([0, 1, 2, 3].map((i) => f.call('POST', '/staff-keys', { body: { name: i % 2 ? name.toUpperCase() : name } })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect((await problemOf(refused)).errors).toEqual([{ field: 'name', message: 'This name already has a live key: revoke it first, or choose another name.' }]);
  });

  it('revokes by name: the key stops verifying, the row stays (with its revocation time), the name is free again', async () => {
    const name = unique('leaver');
    const first = await create(name);
    const revoked = await f.call('POST', '/staff-keys/revoke', { body: { name } });
    expect(revoked.status).toBe(200);
    expect(await verify(first.key)).toEqual({ valid: false, name: null });
    expect(await verifyStaffKey(f.database.db as unknown as UsersDb, first.key)).toBeNull();
    const second = await create(name);
    expect(await verify(second.key)).toEqual({ valid: true, name });
    const rows = StaffKeyListSchema.parse(await (await f.call('GET', '/staff-keys')).json()).data.filter((k) => k.name === name);
    expect(rows.map((k) => k.revokedAt === null)).toEqual([false, true]);
    const again = await f.call('POST', '/staff-keys/revoke', { body: { name: unique('nobody') } });
    expect((await problemOf(again)).code).toBe('NOT_FOUND');
  });

  it('names the field of a bad name or key', async () => {
    for (const body of [{ name: '' }, { name: 'has space' }, { name: 'x'.repeat(65) }, { name: 'ok', extra: 1 }, {}]) {
      const res = await f.call('POST', '/staff-keys', { body });
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors?.map((e) => e.field)).toEqual([Object.keys(body).includes('extra') ? 'extra' : 'name']);
    }
    const res = await f.call('POST', '/staff-keys/verify', { body: { key: 'x'.repeat(201) } });
    expect((await problemOf(res)).errors?.map((e) => e.field)).toEqual(['key']);
  });

  it('answers only callers with the service token', async () => {
    const res = await f.app.fetch(new Request('http://users.test/staff-keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'intruder' }) }));
    expect(res.status).toBe(401);
  });
});

describe('npm run staff-key (services/users/src/staff-key-cli.ts) on a PGlite data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'staff-key-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (...args: string[]) =>
    run(process.execPath, [join(import.meta.dirname, '..', 'staff-key-cli.ts'), ...args, '--data-dir', dir], { env: { ...process.env, DATABASE_URL: '' } });

  it('creates (printing the key once), lists without the key, revokes; bad use exits non-zero', async () => {
    const created = await cli('create', 'ci-tool');
    const key = /\b(tds_[A-Za-z0-9_-]{43})\b/.exec(created.stdout)?.[1];
    expect(key).toBeDefined();
    const listed = await cli('list');
    expect(listed.stdout).toMatch(new RegExp(`^ci-tool\\t${key!.slice(0, 12)}…\\tcreated \\S+\\tlive$`, 'm'));
    expect(listed.stdout).not.toContain(key);
    await expect(cli('create', 'ci-tool')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already named ci-tool') });
    expect((await cli('revoke', 'ci-tool')).stdout).toContain('Revoked the key of ci-tool');
    await expect(cli('revoke', 'ci-tool')).rejects.toMatchObject({ code: 1 });
    await expect(cli('create', 'bad name')).rejects.toMatchObject({ code: 2 });
    await expect(cli('rotate', 'ci-tool')).rejects.toMatchObject({ code: 2 });
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(await verifyStaffKey(database.db as unknown as UsersDb, key!)).toBeNull();
    } finally {
      await database.close();
    }
  }, 60_000);
});
