import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test-databases.ts';
import { createMailer, createOutboxMailer, createSmtpMailer, listOutbox, migrateMail } from './index.ts';

describe.each(testDatabases())('mail outbox on %s', (_name, open) => {
  it('stores each message and lists them newest first, filtered by recipient whatever its case', async () => {
    const database = await open();
    try {
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
      expect(await listOutbox(database.db, { limit: 1 })).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it('refuses header injection, several recipients and unnamed kinds before writing anything', async () => {
    const database = await open();
    try {
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
      ]) {
        await expect(mailer.send(bad)).rejects.toThrow();
      }
      expect(await listOutbox(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('createMailer', () => {
  it('chooses SMTP only for an smtp:// or smtps:// URL', () => {
    expect(() => createSmtpMailer({ url: 'http://example.com' })).toThrow(/smtp/);
    const smtp = createMailer({ db: undefined as never, smtpUrl: 'smtp://127.0.0.1:1' });
    expect('close' in smtp).toBe(true);
    (smtp as unknown as { close(): void }).close();
  });
});
