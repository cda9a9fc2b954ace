import { describe, expect, it } from 'vitest';
import { testDatabases, withDatabase } from '../test-databases.ts';
import { EMAIL_CASES } from '@shop/domain/email-cases';
import { assertSendable, createMailer, createOutboxMailer, createSmtpMailer, listOutbox, migrateMail } from './index.ts';

describe.each(testDatabases())('mail outbox on %s', (_name, open) => {
  it('stores each message and lists them newest first, filtered by recipient whatever its case', async () => {
    await withDatabase(open, async (database) => {
      await migrateMail(database.db);
      await migrateMail(database.db); // idempotent
      const mailer = createMailer({ db: database.db });
      await mailer.send({ to: 'ann@example.com', subject: 'First', text: 'one', kind: 'confirm_email' });
      await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'two', html: '<p>two</p>', kind: 'password_reset' });
      await mailer.send({ to: 'Ann@Example.com', subject: 'Third', text: 'three', kind: 'password_reset' });
      const all = await listOutbox(database.db, { limit: 10 });
      expect(all.map((m) => m.subject)).toEqual(['Third', 'Second', 'First']);
      expect(all[1]).toMatchObject({ to: 'bob@example.com', text: 'two', html: '<p>two</p>', kind: 'password_reset' });
      expect(all[0]!.html).toBeNull();
      expect(Date.parse(all[0]!.createdAt)).not.toBeNaN();
      expect((await listOutbox(database.db, { to: 'ANN@example.com ' })).map((m) => m.subject)).toEqual(['Third', 'First']);
      // Mail a shopper chose to get keeps its one-click unsubscribe url (RFC 8058), as SMTP would send it.
      await mailer.send({ to: 'cat@example.com', subject: 'Price drop', text: 'cheaper', kind: 'wishlist_price_drop', listUnsubscribe: 'https://shop.example/email/alerts?token=a1.x' });
      expect((await listOutbox(database.db, { to: 'cat@example.com' }))[0]!.listUnsubscribe).toBe('https://shop.example/email/alerts?token=a1.x');
      expect(all[0]!.listUnsubscribe).toBeNull();
      expect(await listOutbox(database.db, { limit: 1 })).toHaveLength(1);
    });
  });

  it('forgetRecipient deletes the copies to one address whatever its case, inside the caller\'s transaction (a rollback keeps them)', async () => {
    await withDatabase(open, async (database) => {
      await migrateMail(database.db);
      const mailer = createMailer({ db: database.db });
      await mailer.send({ to: 'ann@example.com', subject: 'Reset', text: 'https://shop/reset?token=a', kind: 'password_reset' });
      await mailer.send({ to: 'bob@example.com', subject: 'Hello', text: 'two', kind: 'confirm_email' });
      await mailer.send({ to: 'ANN@example.com', subject: 'Notice', text: 'three', kind: 'password_changed' });
      await expect(
        database.db.transaction().execute(async (trx) => {
          expect(await mailer.forgetRecipient('Ann@Example.com', trx)).toBe(2);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await listOutbox(database.db, { to: 'ann@example.com' })).toHaveLength(2);
      await database.db.transaction().execute(async (trx) => {
        expect(await mailer.forgetRecipient(' ann@EXAMPLE.com', trx)).toBe(2);
      });
      expect(await listOutbox(database.db, { to: 'ann@example.com' })).toEqual([]);
      expect((await listOutbox(database.db)).map((m) => m.to)).toEqual(['bob@example.com']);
      // Without a transaction it uses its own database; nothing left to erase, and an empty address erases nothing.
      expect(await mailer.forgetRecipient('ann@example.com')).toBe(0);
      expect(await mailer.forgetRecipient(' ')).toBe(0);
      expect(await listOutbox(database.db)).toHaveLength(1);
    });
  });

  it('keeps a message handed over again with the same Message-ID once (at-least-once senders), and every message without one', async () => {
    await withDatabase(open, async (database) => {
      await migrateMail(database.db);
      const mailer = createOutboxMailer(database.db);
      const order = { to: 'ann@example.com', subject: 'Your order TD1', text: 'vouchers', kind: 'order_confirmation', messageId: '<o-1.order_confirmation@orders.example>' };
      await mailer.send(order);
      await mailer.send(order); // the sender died before marking it sent, and sent it again
      await mailer.send({ ...order, messageId: '<o-2.order_confirmation@orders.example>', subject: 'Your order TD2' });
      await mailer.send({ to: 'ann@example.com', subject: 'Hello', text: 'one', kind: 'notice' });
      await mailer.send({ to: 'ann@example.com', subject: 'Hello', text: 'one', kind: 'notice' });
      const all = await listOutbox(database.db);
      expect(all.map((m) => [m.subject, m.messageId])).toEqual([
        ['Hello', null],
        ['Hello', null],
        ['Your order TD2', '<o-2.order_confirmation@orders.example>'],
        ['Your order TD1', '<o-1.order_confirmation@orders.example>'],
      ]);
      for (const messageId of ['o-1@orders.example', '<o 1@orders.example>', '<o-1@orders.example>\r\nBcc: eve@example.com', '<no-at-sign>', '<a@b@c>']) {
        await expect(mailer.send({ ...order, messageId })).rejects.toThrow(/message id/);
      }
      expect(await listOutbox(database.db)).toHaveLength(4);
    });
  });

  it('refuses header injection, several recipients and unnamed kinds before writing anything', async () => {
    await withDatabase(open, async (database) => {
      await migrateMail(database.db);
      const mailer = createOutboxMailer(database.db);
      const base = { to: 'ann@example.com', subject: 'Hello', text: 'Hi', kind: 'notice' };
      for (const bad of [
        { ...base, to: 'ann@example.com\r\nBcc: eve@example.com' },
        { ...base, to: 'ann@example.com, eve@example.com' },
        { ...base, to: 'Ann <ann@example.com>' },
        { ...base, to: 'nobody' },
        { ...base, subject: 'Hi\r\nBcc: eve@example.com' },
        { ...base, subject: '' },
        { ...base, text: '' },
        { ...base, kind: 'Not A Kind' },
        { ...base, listUnsubscribe: 'https://shop.example/email/alerts?token=a>\r\nBcc: eve@example.com' },
        { ...base, listUnsubscribe: 'mailto:unsubscribe@shop.example' },
        { ...base, listUnsubscribe: '/email/alerts?token=a' },
        { ...base, listUnsubscribe: `https://shop.example/email/alerts?token=${'a'.repeat(900)}` },
      ]) {
        await expect(mailer.send(bad)).rejects.toThrow();
      }
      expect(await listOutbox(database.db)).toEqual([]);
    });
  });
});

describe('the mailer takes exactly the addresses of the one email rule (domain/src/email.ts)', () => {
  it.each(EMAIL_CASES)('$address: $why', ({ address, valid }) => {
    // The forms and contracts hand over the trimmed address.
    const send = () => assertSendable({ to: address.trim(), subject: 'Hello', text: 'Hi', kind: 'notice' });
    if (valid) expect(send).not.toThrow();
    else expect(send).toThrow('Mail recipient must be one plain address');
  });
});

describe('createMailer', () => {
  it('chooses SMTP only for an smtp:// or smtps:// URL', () => {
    expect(() => createSmtpMailer({ url: 'http://example.com' })).toThrow(/smtp/);
    const smtp = createMailer({ db: undefined as never, smtpUrl: 'smtp://127.0.0.1:1' });
    expect('close' in smtp).toBe(true);
    return (smtp as unknown as { close(): Promise<void> }).close();
  });
});
