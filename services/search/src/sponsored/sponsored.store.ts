import { randomUUID } from 'node:crypto';
import type { SearchDb } from '../db/database.ts';

export async function findSession(db: SearchDb, sessionId: string): Promise<boolean> {
  const row = await db.withSchema('search').selectFrom('sponsored_session').select('session_id').where('session_id', '=', sessionId).executeTakeFirst();
  return row !== undefined;
}

export async function createSession(db: SearchDb, customerToken: string | null): Promise<string> {
  const sessionId = randomUUID();
  await db.withSchema('search').insertInto('sponsored_session').values({ session_id: sessionId, customer_token: customerToken }).execute();
  return sessionId;
}

export async function recordEvents(db: SearchDb, sessionId: string, type: 'click' | 'impression', adIds: number[], dealIds: number[], at: Date): Promise<number> {
  const rows = adIds.map((adId, i) => ({ session_id: sessionId, type, ad_id: adId, deal_id: dealIds[i]!, at }));
  if (rows.length === 0) return 0;
  await db.withSchema('search').insertInto('sponsored_event').values(rows).execute();
  return rows.length;
}
