/** Social identities, keyed by (issuer, subject): never by email alone (reliability A8, ASVS 10.5.2). */
import type { SocialProvider } from '../contract.ts';
import { users, type Db } from './accounts.ts';

export async function findIdentityOwner(db: Db, issuer: string, subject: string): Promise<number | null> {
  const r = await users(db).selectFrom('social_identity').select('user_id').where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
  return r ? Number(r.user_id) : null;
}

/** Links the identity to the account; false when it already belongs to another account. */
export async function linkIdentity(db: Db, issuer: string, subject: string, provider: SocialProvider, userId: number, now: Date): Promise<boolean> {
  await users(db)
    .insertInto('social_identity')
    .values({ issuer, subject, provider, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
  return (await findIdentityOwner(db, issuer, subject)) === userId;
}

export async function deleteIdentities(db: Db, userId: number): Promise<void> {
  await users(db).deleteFrom('social_identity').where('user_id', '=', userId).execute();
}
