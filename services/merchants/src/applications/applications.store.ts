/**
 * Merchant applications ("Become a merchant", issue 17 point 1) and their decision by staff. The
 * database decides the races: one pending application per email (a partial unique index), and
 * one decision per application (a conditional update of its status), so two approvals at once
 * make one business.
 */
import { sql, type Selectable } from 'kysely';
import type { MerchantApplicationInput } from '@shop/domain/merchants';
import { accountByEmail } from '@shop/users';
import { inMerchants, type AnyDb, type ApplicationTable } from '../db/database.ts';
import { addMember, DEFAULT_COMMISSION_BP, toBusiness, type Business } from '../businesses/businesses.store.ts';
import { applicationReceivedMail, approvedMail, queueMail, rejectedMail } from '../mail/mail.ts';

export interface Application {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  addressLine: string;
  postcode: string;
  category: string;
  city: MerchantApplicationInput['city'];
  type: MerchantApplicationInput['type'];
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  rejectReason: string | null;
  businessId: number | null;
}

function toApplication(r: Selectable<ApplicationTable>): Application {
  return {
    id: Number(r.id),
    status: r.status,
    businessName: r.business_name,
    contactName: r.contact_name,
    email: r.email,
    phone: r.phone,
    addressLine: r.address_line,
    postcode: r.postcode,
    category: r.category,
    city: r.city,
    type: r.type,
    createdAt: new Date(r.created_at),
    decidedAt: r.decided_at ? new Date(r.decided_at) : null,
    decidedBy: r.decided_by,
    rejectReason: r.reject_reason,
    businessId: r.business_id === null ? null : Number(r.business_id),
  };
}

export async function applicationById(db: AnyDb, id: number): Promise<Application | null> {
  const row = await inMerchants(db).selectFrom('application').selectAll().where('id', '=', String(id)).executeTakeFirst();
  return row ? toApplication(row) : null;
}

/** The applications with this status, oldest first (staff decide them in that order). */
export async function applicationsByStatus(db: AnyDb, status: Application['status'], limit: number): Promise<Application[]> {
  const rows = await inMerchants(db).selectFrom('application').selectAll().where('status', '=', status).orderBy('created_at').orderBy('id').limit(limit).execute();
  return rows.map(toApplication);
}

/**
 * A new pending application with its confirmation mail queued, on the caller's transaction; or,
 * when this email already has a pending one, that one (nothing written, nothing mailed).
 */
export async function submitApplication(trx: AnyDb, input: MerchantApplicationInput, now: Date): Promise<{ created: boolean; application: Application; mailId?: string }> {
  const row = await inMerchants(trx)
    .insertInto('application')
    .values({
      business_name: input.businessName,
      contact_name: input.contactName,
      email: input.email,
      phone: input.phone,
      address_line: input.addressLine,
      postcode: input.postcode,
      category: input.category,
      city: input.city,
      type: input.type,
      created_at: now,
    })
    // A literal: a bound parameter cannot prove the partial index's predicate (PostgreSQL's generic plans).
    .onConflict((oc) => oc.column('email').where('status', '=', sql.lit('pending')).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const existing = await inMerchants(trx).selectFrom('application').selectAll().where('email', '=', input.email).where('status', '=', 'pending').executeTakeFirst();
    // Decided between our insert and this read: the caller's transaction is retried by the client.
    if (!existing) throw new Error('pending application vanished');
    return { created: false, application: toApplication(existing) };
  }
  const application = toApplication(row);
  await inMerchants(trx).insertInto('application_event').values({ application_id: application.id, event: 'submitted', actor_ref: null, reason: null, at: now }).execute();
  const mailId = await queueMail(trx, applicationReceivedMail(application), now);
  return { created: true, application, mailId };
}

export type ApproveOutcome =
  | { kind: 'approved'; created: boolean; application: Application; business: Business; owner: 'member' | 'pending'; mailId?: string }
  | { kind: 'not-found' }
  | { kind: 'rejected'; application: Application };

/**
 * Approves a pending application on the caller's transaction: the business, its owner (the
 * applicant's confirmed account, else a pending owner by email, claimed once an account with
 * that email is confirmed), the history row and the applicant's mail. Already approved: the same
 * answer with `created: false`, and nothing written.
 */
export async function approveApplication(
  trx: AnyDb,
  id: number,
  input: { actorRef: string; commissionBp?: number | undefined },
  context: { now: Date; links: { login: string; register: string } },
): Promise<ApproveOutcome> {
  const { now } = context;
  // The conditional update is the decision: a second approval waits for the first's row lock,
  // then finds the status changed and makes nothing.
  const won = await inMerchants(trx)
    .updateTable('application')
    .set({ status: 'approved', decided_at: now, decided_by: input.actorRef })
    .where('id', '=', String(id))
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!won) return settledOutcome(trx, id);
  const application = toApplication(won);
  const businessRow = await inMerchants(trx)
    .insertInto('business')
    .values({
      name: application.businessName,
      type: application.type,
      category: application.category,
      city: application.city,
      contact_name: application.contactName,
      email: application.email,
      phone: application.phone,
      address: application.addressLine,
      postcode: application.postcode,
      catalogue_merchant_id: null,
      commission_bp: input.commissionBp ?? DEFAULT_COMMISSION_BP,
      application_id: application.id,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const business = toBusiness(businessRow);
  await inMerchants(trx).updateTable('application').set({ business_id: business.id }).where('id', '=', String(application.id)).execute();
  await inMerchants(trx).insertInto('application_event').values({ application_id: application.id, event: 'approved', actor_ref: input.actorRef, reason: null, at: now }).execute();
  const account = await accountByEmail(trx, application.email);
  // Only a confirmed address owns a business: someone who registered the applicant's email without
  // opening its confirmation link must not get it.
  const owner = account?.emailVerified ? 'member' : 'pending';
  if (account?.emailVerified) await addMember(trx, business.id, account.customerToken, 'owner', now);
  else await inMerchants(trx).insertInto('pending_owner').values({ business_id: business.id, email: application.email, created_at: now }).onConflict((oc) => oc.columns(['business_id', 'email']).doNothing()).execute();
  const mailId = await queueMail(trx, approvedMail(application, context.links, account === null ? 'none' : account.emailVerified ? 'confirmed' : 'unconfirmed'), now);
  return { kind: 'approved', created: true, application: { ...application, businessId: business.id }, business, owner, mailId };
}

async function settledOutcome(db: AnyDb, id: number): Promise<ApproveOutcome> {
  const application = await applicationById(db, id);
  if (!application) return { kind: 'not-found' };
  if (application.status === 'rejected') return { kind: 'rejected', application };
  const businessRow = await inMerchants(db).selectFrom('business').selectAll().where('id', '=', String(application.businessId!)).executeTakeFirstOrThrow();
  const pending = await inMerchants(db).selectFrom('pending_owner').select('email').where('business_id', '=', application.businessId!).executeTakeFirst();
  return { kind: 'approved', created: false, application, business: toBusiness(businessRow), owner: pending ? 'pending' : 'member' };
}

export type RejectOutcome = { kind: 'rejected'; created: boolean; application: Application; mailId?: string } | { kind: 'not-found' } | { kind: 'approved'; application: Application };

/** Rejects a pending application with its reason, history row and mail; already rejected: answered as it is. */
export async function rejectApplication(trx: AnyDb, id: number, input: { actorRef: string; reason: string }, now: Date): Promise<RejectOutcome> {
  const won = await inMerchants(trx)
    .updateTable('application')
    .set({ status: 'rejected', decided_at: now, decided_by: input.actorRef, reject_reason: input.reason })
    .where('id', '=', String(id))
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!won) {
    const application = await applicationById(trx, id);
    if (!application) return { kind: 'not-found' };
    return application.status === 'approved' ? { kind: 'approved', application } : { kind: 'rejected', created: false, application };
  }
  const application = toApplication(won);
  await inMerchants(trx).insertInto('application_event').values({ application_id: application.id, event: 'rejected', actor_ref: input.actorRef, reason: input.reason, at: now }).execute();
  const mailId = await queueMail(trx, rejectedMail(application, input.reason), now);
  return { kind: 'rejected', created: true, application, mailId };
}
