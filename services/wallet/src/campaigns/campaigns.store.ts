/**
 * Credit campaigns and claims (spec §3 credit claim response, §4 credit claim; issue 18 point 3).
 *
 * A claim runs in one transaction: the campaign is read (its row locked), an earlier claim of this
 * customer answers ALREADY_CLAIMED, a campaign outside its window or switched off answers why, else
 * the claim row is inserted (primary key (campaign, customer): a second claim inserts nothing),
 * the campaign's claims counter is raised by a conditional update (`claims < max_claims`: past
 * its budget nothing is updated, the transaction rolls back and the answer is EXHAUSTED), and the
 * wallet is credited (promotional credit with its expiry date, so it is a dated lot; the ledger
 * ref `campaign:<id>:<customer>` is idempotent too).
 */
import { sql } from 'kysely';
import { londonExpiry } from '@shop/domain/london-time';
import type { CreditClaimStatus } from '@shop/domain/credit-claims';
import type { WalletDb } from '../db/database.ts';
import { creditWallet, type WalletCurrency } from '../ledger.ts';
import type { CreditClaim } from './campaigns.contract.ts';

export interface CreditCampaign {
  /** The digits of the link, without leading zeros. */
  id: string;
  name: string;
  /** Integer pence. */
  amount: number;
  currency: WalletCurrency;
  /** The credit lasts this many months after the claim (to the end of that London day)… */
  creditValidMonths: number | null;
  /** …or until this instant. */
  creditExpiresAt: Date | null;
  /** The link works from validFrom until validUntil (exclusive). */
  validFrom: Date;
  validUntil: Date;
  active: boolean;
  /** The budget: at most this many claims (null or absent: no cap). */
  maxClaims?: number | null;
}

/** A campaign as staff see it: with the claims made so far. */
export interface CreditCampaignView extends CreditCampaign {
  maxClaims: number | null;
  claims: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What a campaign upsert did, or the field it refused (the campaign is left as it was). */
export type CampaignUpsert =
  | { ok: true; created: boolean; campaign: CreditCampaignView }
  | { ok: false; field: 'amount' | 'currency' | 'maxClaims'; message: string; claims: number };

interface CampaignRow {
  id: string;
  name: string;
  amount: string;
  currency: WalletCurrency;
  credit_valid_months: number | null;
  credit_expires_at: Date | string | null;
  valid_from: Date | string;
  valid_until: Date | string;
  active: boolean;
  max_claims: number | null;
  claims: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const CAMPAIGN_COLUMNS = sql`id, name, amount, currency, credit_valid_months, credit_expires_at, valid_from, valid_until, active, max_claims, claims, created_at, updated_at`;

function viewOf(r: CampaignRow): CreditCampaignView {
  return {
    id: String(r.id),
    name: r.name,
    amount: Number(r.amount),
    currency: r.currency,
    creditValidMonths: r.credit_valid_months === null ? null : Number(r.credit_valid_months),
    creditExpiresAt: r.credit_expires_at === null ? null : new Date(r.credit_expires_at),
    validFrom: new Date(r.valid_from),
    validUntil: new Date(r.valid_until),
    active: r.active,
    maxClaims: r.max_claims === null ? null : Number(r.max_claims),
    claims: Number(r.claims),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

const canonicalId = (id: string): string => BigInt(id).toString();
const campaignCreditRef = (campaignId: string, customerToken: string): string => `campaign:${canonicalId(campaignId)}:${customerToken}`;

/**
 * Adds or replaces a campaign (staff's PUT /campaigns/{id}, the seed and tests). A claimed campaign
 * keeps its claims, and what its claimants were given is fixed: once it has claims, its amount and
 * currency cannot change, and its cap cannot go below the claims made. The database decides (the
 * upsert's update is conditional on exactly that), so a claim committing meanwhile is counted.
 */
export async function upsertCreditCampaign(db: WalletDb, c: CreditCampaign, now: Date = new Date()): Promise<CampaignUpsert> {
  const id = canonicalId(c.id);
  const maxClaims = c.maxClaims ?? null;
  const { rows } = await sql<CampaignRow & { inserted: boolean }>`insert into wallet.credit_campaign as k (id, name, amount, currency, credit_valid_months, credit_expires_at, valid_from, valid_until, active, max_claims, created_at, updated_at)
    values (${id}::bigint, ${c.name}, ${c.amount}, ${c.currency}, ${c.creditValidMonths}, ${c.creditExpiresAt}, ${c.validFrom}, ${c.validUntil}, ${c.active}, ${maxClaims}, ${now}, ${now})
    on conflict (id) do update set name = excluded.name, amount = excluded.amount, currency = excluded.currency, credit_valid_months = excluded.credit_valid_months,
      credit_expires_at = excluded.credit_expires_at, valid_from = excluded.valid_from, valid_until = excluded.valid_until, active = excluded.active,
      max_claims = excluded.max_claims, updated_at = excluded.updated_at
    where (k.claims = 0 or (k.amount = excluded.amount and k.currency = excluded.currency)) and (excluded.max_claims is null or excluded.max_claims >= k.claims)
    returning ${CAMPAIGN_COLUMNS}, (xmax = 0) as inserted`.execute(db);
  const row = rows[0];
  if (row) return { ok: true, created: Boolean(row.inserted), campaign: viewOf(row) };
  // Refused by the condition: say which rule (read after the refusal, only to word it).
  const current = (await sql<CampaignRow>`select ${CAMPAIGN_COLUMNS} from wallet.credit_campaign where id = ${id}::bigint`.execute(db)).rows[0]!;
  const claims = Number(current.claims);
  if (Number(current.amount) !== c.amount) return { ok: false, field: 'amount', claims, message: `The amount cannot change: ${claims} customers have claimed this campaign's credit. Make a new campaign instead.` };
  if (current.currency !== c.currency) return { ok: false, field: 'currency', claims, message: `The currency cannot change: ${claims} customers have claimed this campaign's credit. Make a new campaign instead.` };
  return { ok: false, field: 'maxClaims', claims, message: `maxClaims must be at least the ${claims} claims already made.` };
}

/** Every campaign with its claims so far, by id. */
export async function listCreditCampaigns(db: WalletDb): Promise<CreditCampaignView[]> {
  const { rows } = await sql<CampaignRow>`select ${CAMPAIGN_COLUMNS} from wallet.credit_campaign order by id`.execute(db);
  return rows.map(viewOf);
}

/** The campaigns every development start and the browser journeys have (README "Credit claims"); never in production. */
export const DEMO_CREDIT_CAMPAIGNS: readonly CreditCampaign[] = [
  { id: '1001', name: '£5 welcome credit', amount: 500, currency: 'GBP', creditValidMonths: 12, creditExpiresAt: null, validFrom: new Date('2025-01-01T00:00:00Z'), validUntil: new Date('2031-01-01T00:00:00Z'), active: true },
  { id: '1002', name: '£10 winter credit', amount: 1000, currency: 'GBP', creditValidMonths: 12, creditExpiresAt: null, validFrom: new Date('2025-01-01T00:00:00Z'), validUntil: new Date('2031-01-01T00:00:00Z'), active: true },
  { id: '1003', name: '£5 summer 2025 credit', amount: 500, currency: 'GBP', creditValidMonths: 12, creditExpiresAt: null, validFrom: new Date('2025-06-01T00:00:00Z'), validUntil: new Date('2025-09-01T00:00:00Z'), active: true },
  { id: '1004', name: '£20 paused credit', amount: 2000, currency: 'GBP', creditValidMonths: 12, creditExpiresAt: null, validFrom: new Date('2025-01-01T00:00:00Z'), validUntil: new Date('2031-01-01T00:00:00Z'), active: false },
];

/** Seeds the demo campaigns when missing (idempotent: a campaign already there is left as it is). */
export async function seedCreditCampaigns(db: WalletDb): Promise<{ inserted: number }> {
  let inserted = 0;
  for (const c of DEMO_CREDIT_CAMPAIGNS) {
    const { rows } = await sql`insert into wallet.credit_campaign (id, name, amount, currency, credit_valid_months, credit_expires_at, valid_from, valid_until, active)
      values (${c.id}::bigint, ${c.name}, ${c.amount}, ${c.currency}, ${c.creditValidMonths}, ${c.creditExpiresAt}, ${c.validFrom}, ${c.validUntil}, ${c.active})
      on conflict (id) do nothing returning id`.execute(db);
    inserted += rows.length;
  }
  return { inserted };
}

const answer = (status: CreditClaimStatus, creditAmount: number | null, currency: WalletCurrency | null): CreditClaim => ({ status, creditAmount, currency });

async function claimOf(db: WalletDb, campaignId: string, customerToken: string): Promise<{ amount: number; currency: WalletCurrency } | null> {
  const row = (
    await sql<{ amount: string; currency: WalletCurrency }>`select amount, currency from wallet.credit_claim
      where campaign_id = ${campaignId}::bigint and customer_token = ${customerToken}`.execute(db)
  ).rows[0];
  return row ? { amount: Number(row.amount), currency: row.currency } : null;
}

/** Why a campaign gives nothing now, or null when its link works. */
function closedBecause(c: CampaignRow, now: Date): CreditClaimStatus | null {
  if (!c.active) return 'INACTIVE';
  if (now < new Date(c.valid_from)) return 'NOT_STARTED';
  if (now >= new Date(c.valid_until)) return 'EXPIRED';
  if (c.credit_expires_at !== null && now >= new Date(c.credit_expires_at)) return 'EXPIRED';
  return null;
}

/**
 * The customer claims the campaign `campaignId` (1 to 18 digits; the route checks them). One
 * transaction: the claim row and the wallet credit, or neither.
 */
export async function claimCampaignCredit(db: WalletDb, input: { customerToken: string; campaignId: string; now?: Date }): Promise<CreditClaim> {
  try {
    return await claimInTransaction(db, input);
  } catch (err) {
    if (err instanceof BudgetUsedUp) return err.answer;
    throw err;
  }
}

/** Thrown inside the claim's transaction to roll its claim row back; answered as EXHAUSTED. */
class BudgetUsedUp extends Error {
  readonly answer: CreditClaim;
  constructor(answer: CreditClaim) {
    super('The campaign budget is used up.');
    this.answer = answer;
  }
}

async function claimInTransaction(db: WalletDb, input: { customerToken: string; campaignId: string; now?: Date }): Promise<CreditClaim> {
  const now = input.now ?? new Date();
  const id = canonicalId(input.campaignId);
  return db.transaction().execute(async (trx) => {
    const campaign = (
      // Locked: a staff edit waits for this claim (and this claim for it), so the amount credited is the campaign's as counted.
      await sql<CampaignRow>`select ${CAMPAIGN_COLUMNS} from wallet.credit_campaign where id = ${id}::bigint for update`.execute(trx)
    ).rows[0];
    if (!campaign) return answer('NOT_FOUND', null, null);
    const earlier = await claimOf(trx, id, input.customerToken);
    if (earlier) return answer('ALREADY_CLAIMED', earlier.amount, earlier.currency);
    const amount = Number(campaign.amount);
    const closed = closedBecause(campaign, now);
    if (closed) return answer(closed, amount, campaign.currency);

    const expiresAt = campaign.credit_valid_months !== null ? londonExpiry(now, campaign.credit_valid_months) : new Date(campaign.credit_expires_at!);
    const ref = campaignCreditRef(id, input.customerToken);
    const inserted = await sql`insert into wallet.credit_claim (campaign_id, customer_token, amount, currency, credit_ref, credit_expires_at, claimed_at)
      values (${id}::bigint, ${input.customerToken}, ${amount}, ${campaign.currency}, ${ref}, ${expiresAt}, ${now})
      on conflict do nothing returning campaign_id`.execute(trx);
    if (inserted.rows.length === 0) {
      // A concurrent claim of the same customer committed first (this insert waited for it). Any
      // unique key may be the one that notices it, the (campaign, customer) key or the credit_ref
      // made from them: hence no conflict target above.
      const first = await claimOf(trx, id, input.customerToken);
      return answer('ALREADY_CLAIMED', first?.amount ?? amount, first?.currency ?? campaign.currency);
    }
    // The budget: one conditional update of the claims counter (it waits for a concurrent claim's,
    // then sees its count). Past the cap nothing is updated: the claim row is rolled back.
    const counted = await sql`update wallet.credit_campaign set claims = claims + 1
      where id = ${id}::bigint and (max_claims is null or claims < max_claims) returning claims`.execute(trx);
    if (counted.rows.length === 0) throw new BudgetUsedUp(answer('EXHAUSTED', amount, campaign.currency));
    await creditWallet(trx, { customerToken: input.customerToken, currency: campaign.currency, amount, bucket: 'marketing', reason: `Credit offer: ${campaign.name}`, ref, expiresAt });
    return answer('CLAIMED', amount, campaign.currency);
  });
}
