/**
 * Credit campaigns and claims (spec §3 credit claim response, §4 credit claim; issue 18 point 3).
 *
 * A claim runs in one transaction: the campaign is read, an earlier claim of this customer answers
 * ALREADY_CLAIMED, a campaign outside its window or switched off answers why, else the claim row
 * is inserted (primary key (campaign, customer): a concurrent second claim waits on the first's
 * key and then inserts nothing) and the wallet is credited (promotional credit with its expiry
 * date, so it is a dated lot; the ledger ref `campaign:<id>:<customer>` is idempotent too).
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
}

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
}

const canonicalId = (id: string): string => BigInt(id).toString();
const campaignCreditRef = (campaignId: string, customerToken: string): string => `campaign:${canonicalId(campaignId)}:${customerToken}`;

/** Adds or replaces a campaign (operators, the seed and tests). A claimed campaign keeps its claims. */
export async function upsertCreditCampaign(db: WalletDb, c: CreditCampaign): Promise<void> {
  await sql`insert into wallet.credit_campaign (id, name, amount, currency, credit_valid_months, credit_expires_at, valid_from, valid_until, active)
    values (${canonicalId(c.id)}::bigint, ${c.name}, ${c.amount}, ${c.currency}, ${c.creditValidMonths}, ${c.creditExpiresAt}, ${c.validFrom}, ${c.validUntil}, ${c.active})
    on conflict (id) do update set name = excluded.name, amount = excluded.amount, currency = excluded.currency, credit_valid_months = excluded.credit_valid_months,
      credit_expires_at = excluded.credit_expires_at, valid_from = excluded.valid_from, valid_until = excluded.valid_until, active = excluded.active`.execute(db);
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
  const now = input.now ?? new Date();
  const id = canonicalId(input.campaignId);
  return db.transaction().execute(async (trx) => {
    const campaign = (
      await sql<CampaignRow>`select id, name, amount, currency, credit_valid_months, credit_expires_at, valid_from, valid_until, active
        from wallet.credit_campaign where id = ${id}::bigint`.execute(trx)
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
    await creditWallet(trx, { customerToken: input.customerToken, currency: campaign.currency, amount, bucket: 'marketing', reason: `Credit offer: ${campaign.name}`, ref, expiresAt });
    return answer('CLAIMED', amount, campaign.currency);
  });
}
