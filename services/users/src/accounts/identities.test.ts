/**
 * Text fields and identities (reliability V2): addresses are one account whatever their case;
 * upper case, Unicode and +tags are accepted and normalised; over-long ones and hostile names are
 * clean 400s naming the field; names that are merely unusual are kept as text and escaped in
 * the HTML emails.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES } from '@shop/domain/accounts';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { problemOf, usersFixture } from '../test/users-fixture.ts';

describe.each(testDatabases())('text fields and identities on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());

  const register = (email: string, names: { firstName?: unknown; lastName?: unknown } = {}) =>
    f.call('POST', '/register', { ip: f.ip(), body: { requestRegistration: { email, password: 'Correct-Horse-9', firstName: 'Ann', lastName: 'Shopper', ...names } } });
  const accountsWith = async (email: string) =>
    (await sql<{ email: string }>`select email from users.account where lower(email) = lower(${email})`.execute(f.database.db)).rows.map((r) => r.email);

  it('upper case, surrounding spaces and Unicode case variants are the same address (one account)', async () => {
    const local = f.email('Mixed.Case').split('@')[0]!;
    const variants = [`${local.toUpperCase()}@EXAMPLE.COM`, `  ${local}@Example.Com `, `${local}@example.com`];
    for (const v of variants) {
      const res = await register(v);
      expect(res.status).toBe(202);
      expect(((await res.json()) as { data: { email: string } }).data.email).toBe(`${local.toLowerCase()}@example.com`);
    }
    await f.app.settled();
    expect(await accountsWith(`${local}@example.com`)).toEqual([`${local.toLowerCase()}@example.com`]);
    const mail = await f.mail(`${local}@example.com`);
    expect(mail.map((m) => m.kind).sort()).toEqual(['already_registered', 'already_registered', 'confirm_email']);

    // Unicode: É and é (and the decomposed e + ◌́) are one address.
    const stem = `zoe${Date.now() % 100000}`;
    for (const v of [`${stem}\u00c9@example.com`, `${stem}\u00e9@example.com`, `${stem}e\u0301@EXAMPLE.com`]) expect((await register(v)).status).toBe(202);
    await f.app.settled();
    expect(await accountsWith(`${stem}\u00e9@example.com`)).toEqual([`${stem}\u00e9@example.com`]);
  });

  it('+tags are distinct addresses, kept as typed', async () => {
    const base = f.email('tagged');
    const tagged = base.replace('@', '+deals@');
    const one = await f.signUp({ email: base });
    const two = await f.signUp({ email: tagged });
    expect(two.data.user.email).toBe(tagged);
    expect(two.data.user.id).not.toBe(one.data.user.id);
  });

  it('refuses addresses over 254 characters, with spaces, controls or no domain: 400 naming email', async () => {
    const long = `${'a'.repeat(243)}@example.com`;
    expect(long.length).toBe(255);
    for (const bad of [long, `${'a'.repeat(10_000)}@example.com`, 'two words@example.com', 'tab\t@example.com', 'nul\u0000@example.com', 'no-domain@', '@example.com', 'a@b', 'a@@b.com']) {
      const res = await register(bad);
      const body = await problemOf(res);
      expect(res.status, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(body.errors?.[0]).toEqual({ field: 'email', message: ACCOUNT_MESSAGES.email });
    }
    // 254 is the limit (with a local part of at most 64, RFC 5321).
    const longest = `${'b'.repeat(64)}@${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`;
    expect(longest.length).toBe(254);
    expect((await register(longest)).status).toBe(202);
  });

  it('refuses names with direction overrides, zero-width or control characters, or over 50 characters: 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      ['\u202eevil', ACCOUNT_MESSAGES.nameInvalid],
      ['Ann\u200bMarie', ACCOUNT_MESSAGES.nameInvalid],
      ['Ann\u200dMarie', ACCOUNT_MESSAGES.nameInvalid],
      ['\u2066Ann\u2069', ACCOUNT_MESSAGES.nameInvalid],
      ['Ann\nBcc: eve@example.com', ACCOUNT_MESSAGES.nameInvalid],
      ['An\ufeffn', ACCOUNT_MESSAGES.nameInvalid],
      ['x'.repeat(51), ACCOUNT_MESSAGES.nameTooLong],
      ['x'.repeat(10 * 1024), ACCOUNT_MESSAGES.nameTooLong],
      ['   ', ACCOUNT_MESSAGES.required],
      [42, ACCOUNT_MESSAGES.required],
      [null, ACCOUNT_MESSAGES.required],
    ];
    for (const [value, message] of cases) {
      for (const field of ['firstName', 'lastName'] as const) {
        const res = await register(f.email(), { [field]: value });
        expect(res.status, `${field} ${JSON.stringify(value).slice(0, 30)}`).toBe(400);
        expect((await problemOf(res)).errors?.[0]).toEqual({ field, message });
      }
    }
    const session = (await f.signUp()).data.session.token;
    const res = await f.call('PUT', '/user', { session, body: { user: { firstName: '\u202egnp.exe', lastName: 'x'.repeat(10 * 1024) } } });
    expect((await problemOf(res)).errors).toEqual([
      { field: 'firstName', message: ACCOUNT_MESSAGES.nameInvalid },
      { field: 'lastName', message: ACCOUNT_MESSAGES.nameTooLong },
    ]);
  });

  it('keeps emoji, accents, apostrophes and even <script> as plain text, escaped in the HTML email', async () => {
    const email = f.email('script');
    const res = await register(email, { firstName: '<script>alert(1)</script>', lastName: "Ó Súilleabháin 🦄" });
    expect(res.status).toBe(202);
    const token = await f.linkToken(email, 'confirmEmail');
    const user = ((await (await f.call('POST', '/email/verify', { body: { token } })).json()) as { data: { user: { firstName: string; lastName: string } } }).data.user;
    expect(user).toMatchObject({ firstName: '<script>alert(1)</script>', lastName: 'Ó Súilleabháin 🦄' });
    // Confirmed now: mail greets them by that name, as text, escaped in the HTML.
    await f.call('POST', `/user/${encodeURIComponent(email)}/password_reset_request`);
    const [mail] = await f.mail(email);
    expect(mail!.kind).toBe('password_reset');
    expect(mail!.text).toContain('Hello <script>alert(1)</script>,');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('Hello &#60;script&#62;alert(1)&#60;/script&#62;,');
  });

  it('mail to an address nobody has confirmed greets no one by name: the confirmation, its resend, express activation, already-registered and reset', async () => {
    const name = 'Visit-evil.example';
    const email = f.email('unconfirmed');
    expect((await register(email, { firstName: name })).status).toBe(202);
    // Someone registers the (still unconfirmed) address again, the holder asks for a reset, and a sign-in sends a fresh link.
    expect((await register(email, { firstName: 'Other' })).status).toBe(202);
    await f.call('POST', `/user/${encodeURIComponent(email)}/password_reset_request`);
    expect((await f.login(email, 'Correct-Horse-9')).status).toBe(403);
    const express = f.email('express');
    expect((await f.call('POST', '/express-register', { ip: f.ip(), body: { requestRegistration: { email: express, firstName: name } } })).status).toBe(202);
    const mails = [...(await f.mail(email)), ...(await f.mail(express))];
    expect(mails.map((m) => m.kind).sort()).toEqual(['already_registered', 'confirm_email', 'confirm_email', 'password_activate', 'password_reset']);
    for (const m of mails) {
      expect(m.text, m.kind).not.toContain(name);
      expect(m.html, m.kind).not.toContain(name);
      expect(m.text.startsWith('Hello,\n'), m.kind).toBe(true);
    }
    // A confirmed account's already-registered mail greets its owner.
    const me = await f.signUp({ firstName: 'Morag' });
    expect((await register(me.email, { firstName: 'Impostor' })).status).toBe(202);
    const [already] = await f.mail(me.email);
    expect(already).toMatchObject({ kind: 'already_registered' });
    expect(already!.text.startsWith('Hello Morag,\n')).toBe(true);
  });
});
