/**
 * Email subscriptions (double opt-in), keyed by the normalised address, with topics and a
 * frequency. Requesting never changes an existing subscription: only the emailed link does.
 */
import { sql } from 'kysely';
import { EMAIL_TOPICS, type EmailFrequency, type EmailTopic } from '@shop/domain/accounts';
import { users, type Db } from './accounts.ts';

/** Everything but partner offers (which need their own opt-in), daily. */
export const DEFAULT_TOPICS: EmailTopic[] = EMAIL_TOPICS.filter((t) => t !== 'partner-offers');
export const DEFAULT_FREQUENCY: EmailFrequency = 'daily';

export interface SubscriptionRow {
  id: number;
  email: string;
  confirmed: boolean;
  topics: EmailTopic[];
  frequency: EmailFrequency;
  unsubscribedAt: Date | null;
}

type Raw = { id: string | number; email: string; confirmed: boolean; topics: string[]; frequency: EmailFrequency; unsubscribed_at: Date | null };
const COLUMNS = ['id', 'email', 'confirmed', 'topics', 'frequency', 'unsubscribed_at'] as const;

const toRow = (r: Raw): SubscriptionRow => ({
  id: Number(r.id),
  email: r.email,
  confirmed: r.confirmed,
  topics: (r.topics ?? []).filter((t): t is EmailTopic => (EMAIL_TOPICS as readonly string[]).includes(t)),
  frequency: r.frequency,
  unsubscribedAt: r.unsubscribed_at ? new Date(r.unsubscribed_at) : null,
});

export const isActive = (s: SubscriptionRow) => s.confirmed && s.unsubscribedAt === null;

export async function findSubscriptionByEmail(db: Db, email: string): Promise<SubscriptionRow | null> {
  const r = await users(db).selectFrom('email_subscription').select(COLUMNS).where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  return r ? toRow(r) : null;
}

export async function findSubscription(db: Db, id: number): Promise<SubscriptionRow | null> {
  const r = await users(db).selectFrom('email_subscription').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return r ? toRow(r) : null;
}

/** The subscription of the address, created unconfirmed if there is none (atomic). */
export async function requestSubscription(db: Db, email: string, source: string, now: Date): Promise<SubscriptionRow> {
  await users(db)
    .insertInto('email_subscription')
    .values({ email, topics: DEFAULT_TOPICS, frequency: DEFAULT_FREQUENCY, source, created_at: now, updated_at: now })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();
  const row = await findSubscriptionByEmail(db, email);
  if (!row) throw new Error('subscription vanished after insert');
  return row;
}

export async function confirmSubscription(db: Db, id: number, now: Date): Promise<void> {
  await users(db).updateTable('email_subscription').set({ confirmed: true, confirmed_at: now, unsubscribed_at: null, updated_at: now }).where('id', '=', id).execute();
}

export async function setPreferences(db: Db, id: number, topics: EmailTopic[], frequency: EmailFrequency, now: Date): Promise<void> {
  await users(db)
    .updateTable('email_subscription')
    .set({ topics: [...new Set(topics)], frequency, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function unsubscribe(db: Db, id: number, now: Date): Promise<void> {
  await users(db)
    .updateTable('email_subscription')
    .set({ unsubscribed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('unsubscribed_at', 'is', null)
    .execute();
}

export async function deleteSubscriptionByEmail(db: Db, email: string): Promise<void> {
  await users(db).deleteFrom('email_subscription').where(sql<string>`lower(email)`, '=', email.toLowerCase()).execute();
}
