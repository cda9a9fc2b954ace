/**
 * The shop's commission per deal (issue 17 point 6): a deal's own rate, else its business's
 * (business.commission_bp, default 25%). Payout statements (the vouchers service) are computed with
 * what `commissionRatesOf` answers; only deals that are the business's now count.
 */
import { inMerchants, type AnyDb } from '../db/database.ts';
import { businessById, dealIdsOfBusiness } from '../businesses/businesses.store.ts';

export interface CommissionRates {
  businessId: number;
  /** The business's rate, basis points. */
  defaultBp: number;
  /** Its deals with a rate of their own, by deal id. */
  perDeal: Array<{ dealId: number; commissionBp: number }>;
}

/** A business's rates; null for an unknown business. */
export async function commissionRatesOf(db: AnyDb, businessId: number): Promise<CommissionRates | null> {
  const business = await businessById(db, businessId);
  if (!business) return null;
  const deals = new Set(await dealIdsOfBusiness(db, businessId));
  const rows = await inMerchants(db).selectFrom('deal_commission').select(['deal_id', 'commission_bp']).where('business_id', '=', businessId).orderBy('deal_id').execute();
  return {
    businessId,
    defaultBp: business.commissionBp,
    perDeal: rows.filter((r) => deals.has(Number(r.deal_id))).map((r) => ({ dealId: Number(r.deal_id), commissionBp: Number(r.commission_bp) })),
  };
}

export type SetDealCommissionResult = { ok: true; rates: CommissionRates } | { ok: false; reason: 'business' | 'deal' };

/**
 * Sets (or, with `commissionBp: null`, removes) one deal's own rate. The deal must be one of the
 * business's deals now. One upsert: the last writer wins, and a deal that moved business takes
 * its row with it.
 */
export async function setDealCommission(db: AnyDb, input: { businessId: number; dealId: number; commissionBp: number | null; actorRef: string; at: Date }): Promise<SetDealCommissionResult> {
  const business = await businessById(db, input.businessId);
  if (!business) return { ok: false, reason: 'business' };
  if (!(await dealIdsOfBusiness(db, input.businessId)).includes(input.dealId)) return { ok: false, reason: 'deal' };
  if (input.commissionBp === null) {
    await inMerchants(db).deleteFrom('deal_commission').where('deal_id', '=', input.dealId).execute();
  } else {
    await inMerchants(db)
      .insertInto('deal_commission')
      .values({ deal_id: input.dealId, business_id: input.businessId, commission_bp: input.commissionBp, set_by: input.actorRef, updated_at: input.at })
      .onConflict((oc) => oc.column('deal_id').doUpdateSet({ business_id: input.businessId, commission_bp: input.commissionBp!, set_by: input.actorRef, updated_at: input.at }))
      .execute();
  }
  return { ok: true, rates: (await commissionRatesOf(db, input.businessId))! };
}
