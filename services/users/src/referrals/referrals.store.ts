/**
 * Refer a friend (issue 18 point 4; the rules in domain/src/referrals.ts). The personal link and
 * its counters, a friend joining through it, and the module functions the checkout calls inside
 * its own transactions (architecture: only the order transaction crosses services):
 * - qualifyReferral: the referee's first paid order after joining makes the referral PENDING,
 *   due at the end of the order's refund window (or VOID when the paying card is one the
 *   referrer saved too), in the paying transaction;
 * - dueReferrals / lockDueReferral / settleReferral: the checkout's settle job, one referral per
 *   transaction with the wallet credits (services/checkout/src/referrals/settle-referrals.ts).
 * Once only is the database's: one row per referee (unique), conditional updates from JOINED and
 * from PENDING, and the referrer's 20-friend cap a checked counter.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { joinRefusal, maskedReferee, REFERRAL_CREDIT_PENCE, REFERRAL_MAX_CREDITED_FRIENDS, referralDueAt, samePayment, type ReferralRefusal, type ReferralStatus } from '@shop/domain/referrals';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's schema-agnostic handles (the checkout's transaction)
type AnyKysely = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type AnyDb = Transaction<any> | AnyKysely;

const newCode = () => randomBytes(12).toString('base64url');

interface ReferralLink {
  code: string;
  shares: number;
  opens: number;
  creditedFriends: number;
}

/** The account's personal link, made on first use (a concurrent first use keeps one: the primary key). */
export async function referralLinkOf(db: AnyDb, userId: number, now: Date): Promise<ReferralLink> {
  await sql`insert into users.referral_link (user_id, code, created_at) values (${userId}, ${newCode()}, ${now}) on conflict (user_id) do nothing`.execute(db);
  const row = (await sql<{ code: string; shares: number; opens: number; credited_friends: number }>`
    select code, shares, opens, credited_friends from users.referral_link where user_id = ${userId}`.execute(db)).rows[0]!;
  return { code: row.code, shares: Number(row.shares), opens: Number(row.opens), creditedFriends: Number(row.credited_friends) };
}

/** Spec §7 user/raf/stat/share: the shopper shared their link (one more, counted in one statement). */
export async function recordShare(db: AnyDb, userId: number, now: Date): Promise<ReferralLink> {
  await referralLinkOf(db, userId, now);
  await sql`update users.referral_link set shares = shares + 1 where user_id = ${userId}`.execute(db);
  return referralLinkOf(db, userId, now);
}

/** Spec §7 user/raf/stat/open: someone opened a personal link; false for a code nobody has. */
export async function recordOpen(db: AnyDb, code: string): Promise<boolean> {
  const { rows } = await sql<{ user_id: string }>`update users.referral_link set opens = opens + 1 where code = ${code} returning user_id`.execute(db);
  return rows.length > 0;
}

type JoinResult = { joined: true; again: boolean } | { joined: false; reason: ReferralRefusal | 'UNKNOWN_CODE' };

/**
 * The signed-in friend (`refereeId`) joins through a link: refused for oneself (account, canonical
 * email), an account older than REFERRAL_JOIN_DAYS, or one already referred (the unique index
 * decides, not the read: two joins at once record one). Joining again through the same link is
 * `again`.
 */
export async function joinReferral(db: AnyKysely, input: { refereeId: number; code: string; now: Date }): Promise<JoinResult> {
  return db.transaction().execute(async (trx) => {
    const link = (await sql<{ user_id: string | number; email: string | null }>`
      select l.user_id, a.email from users.referral_link l join users.account a on a.id = l.user_id
      where l.code = ${input.code} and a.anonymised_at is null`.execute(trx)).rows[0];
    if (!link) return { joined: false, reason: 'UNKNOWN_CODE' } as const;
    const referrerId = Number(link.user_id);
    const referee = (await sql<{ email: string | null; created_at: Date }>`
      select email, created_at from users.account where id = ${input.refereeId}`.execute(trx)).rows[0];
    if (!referee) return { joined: false, reason: 'UNKNOWN_CODE' } as const;
    const existing = (await sql<{ referrer_id: string | number }>`select referrer_id from users.referral where referee_id = ${input.refereeId}`.execute(trx)).rows[0];
    if (existing && Number(existing.referrer_id) === referrerId) return { joined: true, again: true } as const;
    const refusal = joinRefusal({
      referrerId,
      refereeId: input.refereeId,
      referrerEmail: link.email,
      refereeEmail: referee.email,
      refereeCreatedAt: new Date(referee.created_at),
      alreadyReferred: existing !== undefined,
      now: input.now,
    });
    if (refusal) return { joined: false, reason: refusal } as const;
    const inserted = await sql<{ id: string }>`
      insert into users.referral (id, referrer_id, referee_id, status, created_at)
      values (${randomUUID()}, ${referrerId}, ${input.refereeId}, 'JOINED', ${input.now})
      on conflict (referee_id) do nothing returning id`.execute(trx);
    if (!inserted.rows[0]) return { joined: false, reason: 'ALREADY_REFERRED' } as const;
    return { joined: true, again: false } as const;
  });
}

type QualifyResult = { qualified: true; referralId: string; dueAt: Date } | { qualified: false; reason: 'NO_REFERRAL' | 'SELF_PAYMENT' };

/**
 * In the checkout's paying transaction: the referee's first paid order after joining makes the
 * referral PENDING until the end of its refund window. `fingerprintsOf` gives the fingerprints of
 * a customer's saved payment instruments (the payment service's module function, in the same
 * transaction); a card both saved makes the referral VOID (SELF_PAYMENT). Once: only a JOINED
 * referral moves, by a conditional update under the row's lock.
 */
export async function qualifyReferral(
  trx: AnyDb,
  input: { customerToken: string; orderRef: string; paidAt: Date; fingerprintsOf: (customerToken: string) => Promise<string[]> },
): Promise<QualifyResult> {
  const row = (await sql<{ id: string; referrer_token: string }>`
    select r.id, ra.customer_token as referrer_token
    from users.referral r join users.account a on a.id = r.referee_id join users.account ra on ra.id = r.referrer_id
    where a.customer_token = ${input.customerToken} and r.status = 'JOINED' for update of r`.execute(trx)).rows[0];
  if (!row) return { qualified: false, reason: 'NO_REFERRAL' };
  if (samePayment(await input.fingerprintsOf(row.referrer_token), await input.fingerprintsOf(input.customerToken))) {
    await sql`update users.referral set status = 'VOID', void_reason = 'SELF_PAYMENT', order_ref = ${input.orderRef}, paid_at = ${input.paidAt}, settled_at = ${input.paidAt}
      where id = ${row.id} and status = 'JOINED'`.execute(trx);
    return { qualified: false, reason: 'SELF_PAYMENT' };
  }
  const dueAt = referralDueAt(input.paidAt);
  await sql`update users.referral set status = 'PENDING', order_ref = ${input.orderRef}, paid_at = ${input.paidAt}, due_at = ${dueAt}
    where id = ${row.id} and status = 'JOINED'`.execute(trx);
  return { qualified: true, referralId: row.id, dueAt };
}

/** Pending referrals whose refund window ended before `now`, oldest first. */
export async function dueReferrals(db: AnyDb, now: Date, limit = 100): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id from users.referral where status = 'PENDING' and due_at < ${now} order by due_at, id limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/** The customer tokens of a referral's two sides (the settle job opens their wallet accounts first). */
export async function referralCustomerTokens(db: AnyDb, id: string): Promise<string[]> {
  const { rows } = await sql<{ token: string }>`
    select a.customer_token as token from users.referral r join users.account a on a.id in (r.referee_id, r.referrer_id)
    where r.id = ${id}`.execute(db);
  return rows.map((r) => r.token);
}

interface DueReferral {
  id: string;
  orderRef: string;
  dueAt: Date;
  referrerId: number;
  referrerToken: string;
  refereeToken: string;
}

/**
 * Locks one due referral for settling in the caller's transaction; null when it is no longer
 * PENDING or another run holds it (SKIP LOCKED: two runs never wait on each other).
 */
export async function lockDueReferral(trx: AnyDb, id: string, now: Date): Promise<DueReferral | null> {
  const row = (await sql<{ id: string; order_ref: string; due_at: Date; referrer_id: string | number; referrer_token: string; referee_token: string }>`
    select r.id, r.order_ref, r.due_at, r.referrer_id, ra.customer_token as referrer_token, a.customer_token as referee_token
    from users.referral r join users.account a on a.id = r.referee_id join users.account ra on ra.id = r.referrer_id
    where r.id = ${id} and r.status = 'PENDING' and r.due_at < ${now}
    for update of r skip locked`.execute(trx)).rows[0];
  if (!row) return null;
  return { id: row.id, orderRef: row.order_ref, dueAt: new Date(row.due_at), referrerId: Number(row.referrer_id), referrerToken: row.referrer_token, refereeToken: row.referee_token };
}

/**
 * Settles a locked referral in the caller's transaction (the wallet credits go in the same one):
 * CREDIT pays the referee, and the referrer while under the 20-friend cap (a conditional update
 * of the checked counter); VOID pays nothing. Throws when the referral is not PENDING any more.
 */
export async function settleReferral(trx: AnyDb, input: { referral: DueReferral; outcome: 'CREDIT' | 'VOID'; now: Date }): Promise<{ refereeCredit: number; referrerCredit: number }> {
  const { referral, outcome, now } = input;
  let referrerCredit = 0;
  const refereeCredit = outcome === 'CREDIT' ? REFERRAL_CREDIT_PENCE : 0;
  if (outcome === 'CREDIT') {
    const counted = await sql<{ user_id: string }>`
      update users.referral_link set credited_friends = credited_friends + 1
      where user_id = ${referral.referrerId} and credited_friends < ${REFERRAL_MAX_CREDITED_FRIENDS} returning user_id`.execute(trx);
    if (counted.rows[0]) referrerCredit = REFERRAL_CREDIT_PENCE;
  }
  const moved = await sql<{ id: string }>`
    update users.referral set status = ${outcome === 'CREDIT' ? 'CREDITED' : 'VOID'}, void_reason = ${outcome === 'VOID' ? 'REFUNDED' : null},
      referee_credit = ${refereeCredit}, referrer_credit = ${referrerCredit}, settled_at = ${now}
    where id = ${referral.id} and status = 'PENDING' returning id`.execute(trx);
  if (!moved.rows[0]) throw new Error(`Referral ${referral.id} is not pending any more.`);
  return { refereeCredit, referrerCredit };
}

interface ReferralView {
  id: string;
  friend: string;
  status: ReferralStatus;
  joinedAt: Date;
  dueAt: Date | null;
  settledAt: Date | null;
  /** What the referrer gets (pending: what it will be once due; credited: what was paid). */
  amount: number;
}

interface ReferralSummary {
  link: ReferralLink;
  joined: number;
  pending: number;
  pendingAmount: number;
  credited: number;
  creditedAmount: number;
  /** The next date a pending referral is due, if any. */
  nextDueAt: Date | null;
}

/** Spec §7 {user}/raf/status: the link, its counters and the referrals' totals. */
export async function referralSummary(db: AnyDb, userId: number, now: Date): Promise<ReferralSummary> {
  const link = await referralLinkOf(db, userId, now);
  const row = (await sql<{ joined: string; pending: string; credited: string; credited_amount: string | null; next_due: Date | null }>`
    select count(*) as joined,
      count(*) filter (where status = 'PENDING') as pending,
      count(*) filter (where status = 'CREDITED' and referrer_credit > 0) as credited,
      sum(referrer_credit) filter (where status = 'CREDITED') as credited_amount,
      min(due_at) filter (where status = 'PENDING') as next_due
    from users.referral where referrer_id = ${userId}`.execute(db)).rows[0]!;
  const pending = Number(row.pending);
  // What the pending ones will pay the referrer: £10 each while the cap leaves room.
  const room = Math.max(0, REFERRAL_MAX_CREDITED_FRIENDS - link.creditedFriends);
  return {
    link,
    joined: Number(row.joined),
    pending,
    pendingAmount: Math.min(pending, room) * REFERRAL_CREDIT_PENCE,
    credited: Number(row.credited),
    creditedAmount: Number(row.credited_amount ?? 0),
    nextDueAt: row.next_due ? new Date(row.next_due) : null,
  };
}

/** The referrer's referrals, newest first, after a keyset cursor (`created_at|id`). */
export async function referralsOf(db: AnyDb, userId: number, page: { limit: number; after: { at: Date; id: string } | null }): Promise<ReferralView[]> {
  const after = page.after;
  const { rows } = await sql<{ id: string; first_name: string | null; email: string | null; status: ReferralStatus; created_at: Date; due_at: Date | null; settled_at: Date | null; referrer_credit: number }>`
    select r.id, a.first_name, a.email, r.status, r.created_at, r.due_at, r.settled_at, r.referrer_credit
    from users.referral r join users.account a on a.id = r.referee_id
    where r.referrer_id = ${userId} ${after ? sql`and (r.created_at, r.id) < (${after.at}, ${after.id})` : sql``}
    order by r.created_at desc, r.id desc limit ${page.limit}`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    friend: maskedReferee(r.first_name, r.email),
    status: r.status,
    joinedAt: new Date(r.created_at),
    dueAt: r.due_at ? new Date(r.due_at) : null,
    settledAt: r.settled_at ? new Date(r.settled_at) : null,
    amount: r.status === 'PENDING' ? REFERRAL_CREDIT_PENCE : Number(r.referrer_credit),
  }));
}
