/**
 * POST /customer: the shopper's Braintree customer, found or created. The provider id is ours,
 * written first under the unique customer token (one insert, no read-then-write race), so every
 * call for the same shopper asks the provider for the same id: a lost answer or a concurrent call
 * finds the customer created by the other (Braintree's 91609) instead of making a second one.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentDb } from './db/database.ts';
import { inPayment } from './db/database.ts';

/** The shopper's provider customer id (created in our table when new). */
export async function customerIdFor(db: PaymentDb, customerToken: string, now: Date): Promise<string> {
  const inserted = await inPayment(db)
    .insertInto('customer')
    .values({ customer_token: customerToken, provider: 'braintree', provider_customer_id: `cus_${randomBytes(12).toString('hex')}`, created_at: now })
    .onConflict((oc) => oc.column('customer_token').doNothing())
    .returning('provider_customer_id')
    .executeTakeFirst();
  if (inserted) return inserted.provider_customer_id;
  const row = await inPayment(db).selectFrom('customer').select('provider_customer_id').where('customer_token', '=', customerToken).executeTakeFirstOrThrow();
  return row.provider_customer_id;
}
