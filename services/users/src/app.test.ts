import { describe, expect, it } from 'vitest';
import { createMailer } from '@shop/platform';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { createUsersApp, USERS_BASE_PATH } from './app.ts';
import { usersFixture } from './test/users-fixture.ts';

describe.each(testDatabases())('users service on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());

  it('publishes an OpenAPI 3.1 document that Spectral passes with no errors or warnings', async () => {
    const res = await f.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, unknown>; components: { securitySchemes: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]!.url).toBe(USERS_BASE_PATH);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['serviceToken', 'sessionToken']);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/email/alerts/unsubscribe',
      '/email/preferences',
      '/email/preferences/unsubscribe',
      '/email/verify',
      '/express-register',
      '/facebook/authenticate',
      '/logingoogle',
      '/login',
      '/login/link',
      '/login/link/verify',
      '/logout',
      '/register',
      '/registergoogleuser',
      '/session',
      '/staff-keys',
      '/staff-keys/revoke',
      '/staff-keys/verify',
      '/staff-sessions',
      '/staff-sessions/end',
      '/staff-sessions/verify',
      '/subscription',
      '/subscription-status',
      '/subscription/confirm',
      '/user',
      '/user/account-status',
      '/user/alert-preferences',
      '/user/anonymize',
      '/user/email-preferences',
      '/user/password',
      '/user/password_activate',
      '/user/password_reset',
      '/user/raf/join',
      '/user/raf/referrals',
      '/user/raf/stat/open',
      '/user/raf/stat/share',
      '/user/raf/status',
      '/user/{email}/password_reset_request',
    ].sort());
    const problems = await lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
    expect((await f.app.request('/docs')).status).toBe(200);
  });

  it('refuses a publicBaseUrl that is not an absolute http(s) URL, and an empty service token', () => {
    const base = { db: f.database.db, serviceToken: 't', mailer: createMailer({ db: f.database.db }) };
    for (const bad of ['', '/relative', 'javascript:alert(1)', 'https://shop.example/?x=1', 'https://user:pw@shop.example']) {
      expect(() => createUsersApp({ ...base, publicBaseUrl: bad }), bad).toThrow(/publicBaseUrl/);
    }
    expect(() => createUsersApp({ ...base, serviceToken: '', publicBaseUrl: 'https://shop.example' })).toThrow(/serviceToken/);
  });

  it('answers bodies that are not JSON with 400 naming the body, never a 500', async () => {
    for (const [body, type] of [['{', 'application/json'], ['email=a@b.com', 'application/x-www-form-urlencoded'], ['{"x":1}', 'text/plain']] as const) {
      const res = await f.call('POST', '/login', { body, headers: { 'content-type': type } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('body');
    }
    expect((await f.call('POST', '/login', {})).status).toBe(400);
    expect(f.logged).toEqual([]);
  });
});
