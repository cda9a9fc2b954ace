/**
 * Reliability V2/V3/V4: hostile values in every field of every JSON body (each leaf and each
 * nested object replaced in turn), in every path and query parameter (from the service's own
 * OpenAPI document, so a new route or parameter is covered without touching this test), in the
 * session and client-address headers, and raw bodies that are not JSON at all. Every answer must
 * be a 2xx or a 4xx, and the service must log no error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { BLANKS, bodyPaths, CONTROL_TEXT, replacedAt, SQL_PROBES, unsafeStatus, WILDCARDS, type OpenApiDoc } from '@shop/platform/test-hostile';
import type { UsersApp } from './app.ts';
import { SignedInSchema } from './contract.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './lib/rate-limit.ts';
import { usersFixture, type UsersFixture } from './test/users-fixture.ts';

const STRINGS: string[] = [
  "'; drop table users.account; --",
  ...SQL_PROBES,
  ...WILDCARDS,
  '(((',
  '"unterminated',
  'Glâsgöw Café',
  '😀',
  '🧖‍♀️ spa',
  '\u202egnp.exe',
  '\u200b',
  'a\u200db',
  '\u200f\u05e2\u05d1\u05e8\u05d9\u05ea',
  'ｍａｓｓａｇｅ',
  'e\u0301\u0301\u0301',
  '\ufeff',
  '\uffff',
  '\ud800',
  ...CONTROL_TEXT,
  `${'a'.repeat(300)}@example.com`,
  'A1!'.repeat(43),
  ...BLANKS,
  '-1',
  '1e309',
  '9223372036854775808',
  'null',
  'true',
  '[]',
  '{"$gt":""}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'ANN@EXAMPLE.COM',
  'ann+tag@example.com',
  'ann@exämple.com',
  '__proto__',
  'constructor',
  'p1.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'A'.repeat(43),
];
const VALUES: unknown[] = [...STRINGS, null, true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, [], [null], ['x'], {}, { $gt: '' }, { __proto__: { isAdmin: true } }, [[[[[]]]]]];

const RAW_BODIES = ['', 'null', '[]', '"x"', '{', '}', '{"a":', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, 'x'.repeat(70 * 1024)];

const unlimited = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, { limit: 1_000_000_000, windowMs: 60_000 }])) as RateLimits;



describe.each(testDatabases())('hostile input on %s (reliability V2, V3, V4)', (_name, open) => {
  let f: UsersFixture;
  let app: UsersApp;
  let account: { email: string; password: string };
  let target: { email: string };
  let session = '';
  let preferencesToken = '';
  beforeAll(async () => {
    f = await usersFixture(open);
    app = f.withApp({ rateLimits: unlimited });
    const me = await f.signUp({ password: 'Hostile-Pass-1' });
    account = { email: me.email, password: me.password };
    session = me.data.session.token;
    // The login example's wrong passwords lock this one, not the account whose session is used.
    target = { email: (await f.signUp()).email };
    const email = f.email('hostile-news');
    await f.call('POST', '/subscription', { body: { email, source: 'popup' } });
    const confirmed = await f.call('POST', '/subscription/confirm', { body: { token: await f.linkToken(email, 'confirmSubscription') } });
    preferencesToken = ((await confirmed.json()) as { data: { token: string } }).data.token;
  });
  afterAll(async () => {
    await f?.close();
  });

  const refreshSession = async () => {
    const res = await f.call('POST', '/login', { body: { loginRequest: { j_username: account.email, j_password: account.password } } }, app);
    session = SignedInSchema.parse(await res.json()).data.session.token;
  };
  const examples = (): Record<string, unknown> => {
    const claims = { issuer: 'https://accounts.google.com', subject: 'hostile-subject', email: 'hostile-social@example.com', emailVerified: true, firstName: 'Ann', lastName: 'Shopper' };
    const reset = { token: 'A'.repeat(43), password: 'New-Pass-123', confirmPassword: 'New-Pass-123' };
    return {
      'post /register': { requestRegistration: { email: 'hostile-reg@example.com', password: 'Correct-Horse-9', firstName: 'Ann', lastName: 'Shopper', subscribe: true } },
      'post /express-register': { requestRegistration: { email: 'hostile-express@example.com', firstName: 'Ann', lastName: 'Shopper' } },
      'post /email/verify': { token: 'A'.repeat(43) },
      'post /login': { loginRequest: { j_username: target.email, j_password: 'Wrong-Pass-1' }, rememberMe: true },
      'put /logout': { everywhere: false },
      'post /subscription-status': { requestSubscriptionDetails: { email: account.email } },
      'put /user': { user: { firstName: 'Ann', lastName: 'Shopper' } },
      'patch /user/password': { passwordChange: { currentPassword: 'Wrong-Current-1', newPassword: 'New-Pass-123', confirmPassword: 'New-Pass-123' } },
      'post /user/anonymize': { password: 'Wrong-Current-1' },
      'post /user/password_reset': reset,
      'post /user/password_activate': reset,
      'post /user/{email}/password_reset_request': undefined,
      'post /logingoogle': claims,
      'post /registergoogleuser': claims,
      'post /facebook/authenticate': { ...claims, mode: 'login' },
      'post /subscription': { email: 'hostile-sub@example.com', source: 'popup' },
      'post /subscription/confirm': { token: 'A'.repeat(43) },
      'put /email/preferences': { token: preferencesToken, topics: ['travel'], frequency: 'weekly' },
      'post /email/preferences/unsubscribe': { token: preferencesToken },
      'post /login/link': { email: target.email },
      'post /login/link/verify': { token: 'A'.repeat(43) },
      'post /staff-keys': { name: 'hostile-input-tool' },
      'post /staff-keys/revoke': { name: 'hostile-input-none' },
      'post /staff-keys/verify': { key: 'A'.repeat(43) },
      'post /staff-sessions': { email: 'nobody.staff@example.com', password: 'not the password' },
      'post /staff-sessions/verify': { token: 'A'.repeat(43) },
      'post /staff-sessions/end': { token: 'A'.repeat(43) },
      'post /user/raf/stat/share': { channel: 'copy' },
      'post /user/raf/stat/open': { code: 'A'.repeat(16) },
      'post /user/raf/join': { code: 'A'.repeat(16) },
      'put /user/alert-preferences': { priceDrops: false, backInStock: true },
      'post /email/alerts/unsubscribe': { token: `a1.p.1.${'A'.repeat(43)}` },
    };
  };

  it('answers hostile JSON bodies on every route with a 2xx or 4xx, and logs no error', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as OpenApiDoc;
    const known = examples();
    const failures: string[] = [];
    let requests = 0;
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (method === 'get') continue;
        const key = `${method} ${template}`;
        expect(Object.keys(known), `an example body for ${key}`).toContain(key);
        const example = known[key];
        const path = template.replace('{email}', encodeURIComponent(account.email));
        const signedIn = op.security?.some((s) => 'sessionToken' in s) ?? false;
        const send = async (body: string | undefined) => {
          requests++;
          const res = await f.call(method.toUpperCase(), path, { ...(body !== undefined ? { body } : {}), ...(signedIn ? { session } : {}) }, app);
          await res.arrayBuffer();
          if (unsafeStatus(res.status)) failures.push(`${res.status} ${key} ${(body ?? '').slice(0, 100)}`);
          // Logout, erasure and a password change end the session: sign in again for the next value.
          if (signedIn && (res.status === 204 || (res.status === 200 && method === 'patch'))) await refreshSession();
        };
        const bodies: string[] = RAW_BODIES.slice();
        if (example !== undefined) {
          for (const p of [[], ...bodyPaths(example)]) for (const v of VALUES) bodies.push(JSON.stringify(replacedAt(example, p, v)));
          bodies.push(JSON.stringify({ ...(example as object), extra: 'field' }));
        }
        for (const body of bodies) await send(body);
      }
    }
    expect(requests).toBeGreaterThan(5000);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(f.logged.map((l) => `${l.message} ${JSON.stringify(l.fields).slice(0, 300)}`)).toEqual([]);
  }, 600_000);

  it('answers hostile path and query parameters, session tokens and client addresses with a 2xx or 4xx, and logs no error', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as OpenApiDoc;
    const failures: string[] = [];
    let parameters = 0;
    const check = (res: Response, what: string) => {
      if (unsafeStatus(res.status)) failures.push(`${res.status} ${what.slice(0, 140)}`);
    };
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const param of (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query')) {
          parameters++;
          for (const v of STRINGS) {
            if (!v.isWellFormed()) continue; // a lone surrogate cannot be put in a URL
            const path = param.in === 'path' ? template.replace(`{${param.name}}`, encodeURIComponent(v) || '%20') : `${template}?${param.name}=${encodeURIComponent(v)}&${param.name}=${encodeURIComponent(v)}`;
            const single = param.in === 'query' ? `${template}?${param.name}=${encodeURIComponent(v)}` : path;
            for (const url of new Set([path, single])) {
              const res = await f.call(method.toUpperCase(), url, { session }, app);
              await res.arrayBuffer();
              check(res, `${method} ${url}`);
            }
          }
        }
      }
    }
    expect(parameters).toBeGreaterThanOrEqual(3);
    // Header values: only what HTTP can carry (no controls); the rest never reaches a service.
    const headerSafe = STRINGS.filter((v) => /^[\x20-\x7e]*$/.test(v));
    for (const v of headerSafe) {
      for (const [method, path] of [['GET', '/session'], ['GET', '/user'], ['PUT', '/logout'], ['PATCH', '/user/password']] as const) {
        const res = await f.call(method, path, { session: v, ip: v, ...(method === 'GET' ? {} : { body: {} }) }, app);
        await res.arrayBuffer();
        check(res, `${method} ${path} session=${v}`);
      }
      const login = await f.call('POST', '/login', { ip: v, body: { loginRequest: { j_username: 'hostile-ip@example.com', j_password: 'Some-Pass-1' } } }, app);
      check(login, `login ip=${v}`);
    }
    expect(failures).toEqual([]);
    expect(f.logged.map((l) => `${l.message} ${JSON.stringify(l.fields).slice(0, 300)}`)).toEqual([]);
  }, 300_000);
});
