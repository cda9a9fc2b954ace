/**
 * The session decides (reliability Z1–Z5, ASVS 8.2.2): no route takes a user id, so one
 * customer's session can only ever read and change its own account, whatever ids, emails or
 * customer tokens of another the body carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { SignedInSchema, UserResponseSchema, type SignedIn } from '../contract.ts';
import { problemOf, usersFixture, type UsersFixture } from '../test/users-fixture.ts';

describe.each(testDatabases())('authorization on %s', (_name, open) => {
  let f: UsersFixture;
  let ann: SignedIn & { email: string; password: string };
  let bob: SignedIn & { email: string; password: string };
  beforeAll(async () => {
    f = await usersFixture(open);
    ann = await f.signUp({ firstName: 'Ann', lastName: 'One', password: 'Anns-Own-Pass-1' });
    bob = await f.signUp({ firstName: 'Bob', lastName: 'Two' });
  });
  afterAll(async () => {
    await f?.close();
  });

  const snapshot = async () =>
    (await sql<{ id: number }>`select id, email, first_name, last_name, password_hash, failed_logins, locked_at, anonymised_at from users.account order by id`.execute(f.database.db)).rows;

  it('reads only the account of the session', async () => {
    const asBob = UserResponseSchema.parse(await (await f.call('GET', '/user', { session: bob.data.session.token })).json()).data;
    expect(asBob.id).toBe(bob.data.user.id);
    expect(JSON.stringify(asBob)).not.toContain(ann.email);
    // A query string naming Ann changes nothing (only ct is read, and it answers validity only).
    const tricked = await f.call('GET', `/user?id=${ann.data.user.id}&email=${encodeURIComponent(ann.email)}`, { session: bob.data.session.token });
    expect(UserResponseSchema.parse(await tricked.json()).data.id).toBe(bob.data.user.id);
    const ct = await (await f.call('GET', `/user?ct=${ann.data.user.customerToken}`, { session: bob.data.session.token })).json();
    expect(ct).toEqual({ data: { valid: true } });
  });

  it('refuses ids and other keys in bodies (400 naming them), and changes only the session\'s account', async () => {
    const before = await snapshot();
    for (const extra of [{ id: ann.data.user.id }, { email: ann.email }, { customerToken: ann.data.user.customerToken }, { userId: ann.data.user.id }, { status: { isLocked: true } }, { vipStatus: 'ACTIVE' }]) {
      const res = await f.call('PUT', '/user', { session: bob.data.session.token, body: { user: { firstName: 'Mallory', lastName: 'X', ...extra } } });
      const body = await problemOf(res);
      expect(res.status).toBe(400);
      expect(body.errors).toContainEqual({ field: Object.keys(extra)[0], message: 'Unknown field.' });
    }
    const topLevel = await f.call('PUT', '/user', { session: bob.data.session.token, body: { user: { firstName: 'M', lastName: 'X' }, userId: ann.data.user.id } });
    expect((await problemOf(topLevel)).errors).toContainEqual({ field: 'userId', message: 'Unknown field.' });
    expect(await snapshot()).toEqual(before);
    const ok = await f.call('PUT', '/user', { session: bob.data.session.token, body: { user: { firstName: 'Robert', lastName: 'Two' } } });
    expect(UserResponseSchema.parse(await ok.json()).data).toMatchObject({ id: bob.data.user.id, firstName: 'Robert' });
    const annNow = UserResponseSchema.parse(await (await f.call('GET', '/user', { session: ann.data.session.token })).json()).data;
    expect(annNow.firstName).toBe('Ann');
  });

  it("another customer's password is no use to a session: WRONG_PASSWORD, nothing changes", async () => {
    const before = await snapshot();
    const change = await f.call('PATCH', '/user/password', { session: bob.data.session.token, body: { passwordChange: { currentPassword: ann.password, newPassword: 'Hijack-Pass-1', confirmPassword: 'Hijack-Pass-1' } } });
    expect((await problemOf(change)).code).toBe('WRONG_PASSWORD');
    const erase = await f.call('POST', '/user/anonymize', { session: bob.data.session.token, body: { password: 'Not-Bobs-1' } });
    expect((await problemOf(erase)).code).toBe('WRONG_PASSWORD');
    expect((await snapshot()).filter((r) => Number(r.id) === ann.data.user.id)).toEqual(before.filter((r) => Number(r.id) === ann.data.user.id));
    expect((await f.call('GET', '/session', { session: ann.data.session.token })).status).toBe(200);
  });

  it("logging out everywhere, changing the password and erasing touch only the session's account", async () => {
    const carol = await f.signUp();
    const dave = await f.signUp();
    expect((await f.call('PUT', '/logout', { session: carol.data.session.token, body: { everywhere: true } })).status).toBe(204);
    expect((await f.call('GET', '/session', { session: dave.data.session.token })).status).toBe(200);
    const carol2 = SignedInSchema.parse(await (await f.login(carol.email, carol.password)).json());
    const changed = await f.call('PATCH', '/user/password', { session: carol2.data.session.token, body: { passwordChange: { currentPassword: carol.password, newPassword: 'Carols-New-1', confirmPassword: 'Carols-New-1' } } });
    const carol3 = SignedInSchema.parse(await changed.json());
    expect(carol3.data.user.id).toBe(carol.data.user.id);
    expect((await f.call('GET', '/session', { session: dave.data.session.token })).status).toBe(200);
    expect((await f.call('POST', '/user/anonymize', { session: carol3.data.session.token, body: { password: 'Carols-New-1' } })).status).toBe(204);
    const daveNow = UserResponseSchema.parse(await (await f.call('GET', '/user', { session: dave.data.session.token })).json()).data;
    expect(daveNow).toMatchObject({ id: dave.data.user.id, email: dave.email, firstName: 'Ann' });
  });

  it('every route answers 401 without the service token, and signed-in routes 401 UNAUTHENTICATED without a session', async () => {
    const doc = (await (await f.app.request('/openapi.json')).json()) as { paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>> };
    let routes = 0;
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        routes++;
        const path = template.replace('{email}', encodeURIComponent(ann.email));
        const anonymous = await f.app.request(path, { method: method.toUpperCase(), headers: { 'content-type': 'application/json', 'x-session-token': ann.data.session.token }, ...(method === 'get' ? {} : { body: '{}' }) });
        expect(anonymous.status, `${method} ${template}`).toBe(401);
        expect((await problemOf(anonymous)).code).toBe('UNAUTHORISED');
        const wrong = await f.app.request(path, { method: method.toUpperCase(), headers: { [SERVICE_TOKEN_HEADER]: 'wrong' } });
        expect(wrong.status).toBe(401);
        const needsSession = op.security?.length === 1 && 'sessionToken' in op.security[0]!;
        if (needsSession) {
          const body = method === 'get' ? {} : { body: {} };
          const res = await f.call(method.toUpperCase(), path, body);
          expect(res.status, `${method} ${template}`).toBe(401);
          expect((await problemOf(res)).code).toBe('UNAUTHENTICATED');
          const bad = await f.call(method.toUpperCase(), path, { ...body, session: 'A'.repeat(43) });
          expect((await problemOf(bad)).code === 'UNAUTHENTICATED' || bad.status === 400).toBe(true);
        }
      }
    }
    expect(routes).toBe(41);
  });
});
