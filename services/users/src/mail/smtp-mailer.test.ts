/**
 * The platform SMTP mailer delivers real SMTP: to a local smtp-server on 127.0.0.1:0, parsed
 * with postal-mime (architecture.md Email: "tests receive real SMTP with a local SMTP server").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, createSmtpMailer, loadNodemailer, migrateMail, openDatabase, SERVICE_TOKEN_HEADER, type Database, type SmtpMailer } from '@shop/platform';
import { createUsersApp } from '../app.ts';
import { migrateUsers } from '../db/database.ts';
import { startSmtp, type LocalSmtp, type ReceivedMail as Received } from '@shop/platform/test-fixtures/smtp-server';

describe('SMTP mailer (platform createMailer with SMTP_URL)', () => {
  let smtp: LocalSmtp;
  const mailers: SmtpMailer[] = [];
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await Promise.all(mailers.map((m) => m.close()));
    await smtp?.close();
  });

  it('delivers plain text and HTML, with the From, the recipient and the kind header', async () => {
    const mailer = createMailer({ db: undefined as never, smtpUrl: smtp.url, from: 'Thistle Deals <hello@thistle.example>' }) as SmtpMailer;
    mailers.push(mailer);
    await mailer.send({ to: 'zoë@example.com', subject: 'Réinitialiser — ton mot de passe 🦄', text: 'Hello Zoë,\n\nA link: https://thistle.example/x?token=abc\n', html: '<p>Hello Zo&#235;</p>', kind: 'password_reset' });
    expect(smtp.received).toHaveLength(1);
    const [{ from, to, email }] = smtp.received as [Received];
    expect(from).toBe('hello@thistle.example');
    expect(to).toEqual(['zoë@example.com']);
    expect(email.subject).toBe('Réinitialiser — ton mot de passe 🦄');
    expect(email.from?.address).toBe('hello@thistle.example');
    expect(email.text).toContain('A link: https://thistle.example/x?token=abc');
    expect(email.html).toContain('<p>Hello Zo&#235;</p>');
    expect(email.headers.find((h) => h.key === 'x-mail-kind')?.value).toBe('password_reset');
  });

  it('sends an https one-click unsubscribe url as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058), and no such headers without one or for http', async () => {
    const mailer = createSmtpMailer({ url: smtp.url });
    mailers.push(mailer);
    const before = smtp.received.length;
    const url = 'https://thistle.example/email/alerts?token=a1.abc_def';
    await mailer.send({ to: 'ann@example.com', subject: 'Price drop', text: 'cheaper', kind: 'wishlist_price_drop', listUnsubscribe: url });
    await mailer.send({ to: 'ann@example.com', subject: 'Your order', text: 'vouchers', kind: 'order_confirmation' });
    // RFC 8058 allows only https: a shop on plain http keeps the link in the text alone.
    await mailer.send({ to: 'ann@example.com', subject: 'Price drop', text: 'cheaper', kind: 'wishlist_price_drop', listUnsubscribe: 'http://localhost:4000/email/alerts?token=a1.abc' });
    const [alert, order, plain] = smtp.received.slice(before) as [Received, Received, Received];
    const header = (r: Received, key: string) => r.email.headers.find((h) => h.key === key)?.value;
    expect(header(alert, 'list-unsubscribe')).toBe(`<${url}>`);
    expect(header(alert, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    for (const other of [order, plain]) expect([header(other, 'list-unsubscribe'), header(other, 'list-unsubscribe-post')]).toEqual([undefined, undefined]);
  });

  it('sends the sender\'s own Message-ID when it gives one (a message handed over again is recognisably the same)', async () => {
    const mailer = createSmtpMailer({ url: smtp.url });
    mailers.push(mailer);
    const before = smtp.received.length;
    const message = { to: 'ann@example.com', subject: 'Your order', text: 'vouchers', kind: 'order_confirmation', messageId: '<o-9.order_confirmation@orders.example>' };
    await mailer.send(message);
    await mailer.send(message);
    await mailer.send({ ...message, messageId: undefined });
    const ids = (smtp.received.slice(before) as Received[]).map((r) => r.email.messageId);
    expect(ids.slice(0, 2)).toEqual(['<o-9.order_confirmation@orders.example>', '<o-9.order_confirmation@orders.example>']);
    expect(ids[2]).toMatch(/^<.+@.+>$/);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('rejects when the server refuses the message, and when nothing listens', async () => {
    const refusing = await startSmtp({ reject: true });
    try {
      const mailer = createSmtpMailer({ url: refusing.url });
      mailers.push(mailer);
      await expect(mailer.send({ to: 'ann@example.com', subject: 'Hi', text: 'Hi', kind: 'notice' })).rejects.toThrow(/550|unavailable/i);
    } finally {
      await refusing.close();
    }
    const nowhere = createSmtpMailer({ url: 'smtp://127.0.0.1:9' });
    mailers.push(nowhere);
    await expect(nowhere.send({ to: 'ann@example.com', subject: 'Hi', text: 'Hi', kind: 'notice' })).rejects.toThrow();
  });

  it('a failed nodemailer load is not kept: that send rejects, the next one loads again and delivers', async () => {
    let loads = 0;
    const mailer = createSmtpMailer({
      url: smtp.url,
      load: async () => {
        loads += 1;
        if (loads === 1) throw new Error('Cannot find module nodemailer (first try)');
        return loadNodemailer();
      },
    });
    mailers.push(mailer);
    const message = { to: 'retry@example.com', subject: 'Second time lucky', text: 'Hi', kind: 'notice' };
    await expect(mailer.send(message)).rejects.toThrow(/first try/);
    await mailer.send(message);
    await mailer.send(message);
    expect(loads).toBe(2);
    expect(smtp.received.filter((r) => r.to[0] === 'retry@example.com')).toHaveLength(2);
  });

  it('close() never rejects: after a failed load, before any send, twice, and after sending', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = createSmtpMailer({ url: smtp.url, load: () => Promise.reject(new Error('no nodemailer here')) });
      await expect(failing.send({ to: 'ann@example.com', subject: 'Hi', text: 'Hi', kind: 'notice' })).rejects.toThrow(/no nodemailer/);
      await expect(failing.close()).resolves.toBeUndefined();
      // A load still pending when close() is called, that then fails.
      let fail!: (e: Error) => void;
      const hanging = createSmtpMailer({ url: smtp.url, load: () => new Promise((_, reject) => (fail = reject)) });
      const sending = hanging.send({ to: 'ann@example.com', subject: 'Hi', text: 'Hi', kind: 'notice' });
      const closing = hanging.close();
      fail(new Error('load failed late'));
      await expect(sending).rejects.toThrow(/late/);
      await expect(closing).resolves.toBeUndefined();
      const fresh = createSmtpMailer({ url: smtp.url });
      await expect(fresh.close()).resolves.toBeUndefined();
      const used = createSmtpMailer({ url: smtp.url });
      await used.send({ to: 'closing@example.com', subject: 'Hi', text: 'Hi', kind: 'notice' });
      await expect(used.close()).resolves.toBeUndefined();
      await expect(used.close()).resolves.toBeUndefined();
      // Unhandled rejections are reported on a later turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('carries a users-service reset link by SMTP end to end', async () => {
    const database: Database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateMail(database.db);
      await migrateUsers(database.db);
      const mailer = createMailer({ db: database.db, smtpUrl: smtp.url }) as SmtpMailer;
      mailers.push(mailer);
      const app = createUsersApp({ db: database.db, serviceToken: 't', mailer, publicBaseUrl: 'https://thistle.example', log: (m, fields) => console.error(m, fields) });
      const headers = { [SERVICE_TOKEN_HEADER]: 't', 'content-type': 'application/json' };
      await app.request('/express-register', { method: 'POST', headers, body: JSON.stringify({ requestRegistration: { email: 'smtp-guest@example.com', firstName: 'Sam' } }) });
      await app.settled();
      const res = await app.request(`/user/${encodeURIComponent('smtp-guest@example.com')}/password_reset_request`, { method: 'POST', headers });
      expect(res.status).toBe(202);
      await app.settled();
      const mail = smtp.received.filter((r) => r.to[0] === 'smtp-guest@example.com');
      expect(mail.map((m) => m.email.subject)).toEqual(['Choose a password for your Thistle Deals account', 'Reset your Thistle Deals password']);
      const link = /https:\/\/thistle\.example\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail[1]!.email.text ?? '');
      expect(link).not.toBeNull();
      expect(mail[1]!.email.html).toContain(`href="https://thistle.example/reset-password?token=${link![1]}"`);
      const reset = await app.request('/user/password_reset', { method: 'POST', headers, body: JSON.stringify({ token: link![1], password: 'By-Smtp-Pass-1', confirmPassword: 'By-Smtp-Pass-1' }) });
      expect(reset.status).toBe(200);
      await app.settled();
    } finally {
      await database.close();
    }
  });
});
