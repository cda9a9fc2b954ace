/**
 * The one-time move in the vouchers service's first migration (2026_12_08_0900_create_vouchers.ts):
 * a database whose orders and vouchers the checkout wrote before the vouchers service existed keeps
 * every voucher, value for value, now in vouchers.*, with its history begun, and the checkout's
 * old tables are gone.
 */
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { migrateVouchers } from '@shop/vouchers';
import { testDatabases, withDatabase } from '@shop/platform/test-databases';
import { migrateCheckout } from './database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL against the old and new schemas
type Db = Kysely<any>;

const PAID_AT = new Date('2026-11-20T10:00:00Z');

/** Two paid orders as the checkout wrote them before the move: 3 vouchers, one cancelled, one extended by an add-on. */
async function seedOldOrders(db: Db) {
  const order = async (id: string, number: string, customerToken: string | null, status: string) =>
    sql`insert into orders.orders (id, order_number, status, basket_token, customer_key, customer_token, email, subtotal, postage, promo_discount, vip,
          total_amount, cash_amount, wallet_used, payment_method, cap_day, created_at, updated_at, paid_at)
        values (${id}, ${number}, ${status}, ${`basket-${number}`}, ${`g:${number}@example.com`}, ${customerToken}, ${`${number}@example.com`}, 5000, 0, 0, 0,
          5000, 5000, 0, 'credit_card', '2026-11-20', ${PAID_AT}, ${new Date(PAID_AT.getTime() + 60_000)}, ${PAID_AT})`.execute(db);
  await order('11111111-1111-4111-8111-111111111111', '100001', 'ct-shopper-0001', 'PAID');
  await order('22222222-2222-4222-8222-222222222222', '100002', null, 'PAID');
  const line = async (orderId: string, price: number) =>
    (await sql<{ id: string }>`insert into orders.order_line (order_id, line_no, deal_id, deal_product_id, title, quantity, unit_price, postage, line_total)
        values (${orderId}, 1, 7, 70, 'Spa day for two', 2, ${price}, 0, ${price * 2}) returning id`.execute(db)).rows[0]!.id;
  const lineA = await line('11111111-1111-4111-8111-111111111111', 2500);
  const lineB = await line('22222222-2222-4222-8222-222222222222', 1999);
  const voucher = (id: string, code: string, orderId: string, lineId: string, status: string, extended: number) =>
    sql`insert into orders.voucher (id, code, order_id, order_line_id, deal_id, deal_product_id, title, status, recipient_name, expires_at, extended_months, created_at)
        values (${id}, ${code}, ${orderId}, ${lineId}, 7, 70, 'Spa day for two', ${status}, ${extended ? 'Ailsa' : null}, ${new Date('2027-02-20T00:00:00Z')}, ${extended}, ${PAID_AT})`.execute(db);
  await voucher('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1', 'AAAAAA-AAAAAA-AAAAA1', '11111111-1111-4111-8111-111111111111', lineA, 'Ready to Redeem', 1);
  await voucher('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2', 'AAAAAA-AAAAAA-AAAAA2', '11111111-1111-4111-8111-111111111111', lineA, 'Ready to Redeem', 0);
  await voucher('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1', 'BBBBBB-BBBBBB-BBBBB1', '22222222-2222-4222-8222-222222222222', lineB, 'Cancelled', 0);
  await sql`insert into orders.orders (id, order_number, kind, parent_order_id, status, basket_token, customer_key, email, subtotal, postage, promo_discount, vip,
          total_amount, cash_amount, wallet_used, payment_method, cap_day, created_at, updated_at, paid_at)
        values ('33333333-3333-4333-8333-333333333333', '100003', 'addon', '11111111-1111-4111-8111-111111111111', 'PAID', 'basket-100003', 'g:x', 'x@example.com',
          300, 0, 0, 0, 300, 300, 0, 'credit_card', '2026-11-21', ${PAID_AT}, ${PAID_AT}, ${PAID_AT})`.execute(db);
  await sql`insert into orders.voucher_extension (addon_order_id, voucher_id, months, expires_before, expires_after)
        values ('33333333-3333-4333-8333-333333333333', 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1', 1, '2027-01-20T00:00:00Z', '2027-02-20T00:00:00Z')`.execute(db);
}

describe.each(testDatabases())('the move of the checkout’s vouchers on %s', (_name, open) => {
  it('keeps every voucher and extension, value for value, begins each history, and drops the old tables', async () => {
    await withDatabase(open, async ({ db }) => {
      await migrateCheckout(db);
      await seedOldOrders(db);
      const before = (await sql<Record<string, unknown>>`select * from orders.voucher order by code`.execute(db)).rows;
      const extensionsBefore = (await sql<Record<string, unknown>>`select * from orders.voucher_extension`.execute(db)).rows;

      await migrateVouchers(db);

      const after = (await sql<Record<string, unknown>>`select * from vouchers.voucher order by code`.execute(db)).rows;
      expect(after).toHaveLength(before.length);
      const old = ['id', 'code', 'order_id', 'order_line_id', 'deal_id', 'deal_product_id', 'title', 'status', 'recipient_name', 'expires_at', 'extended_months', 'created_at'];
      const pick = (row: Record<string, unknown>) => Object.fromEntries(old.map((k) => [k, row[k]]));
      expect(after.map(pick)).toEqual(before.map(pick));
      // What a voucher now keeps itself, from its order as paid.
      expect(after.map((v) => [v.code, v.order_number, v.customer_token, v.price, v.currency, (v.paid_at as Date).toISOString()])).toEqual([
        ['AAAAAA-AAAAAA-AAAAA1', '100001', 'ct-shopper-0001', 2500, 'GBP', PAID_AT.toISOString()],
        ['AAAAAA-AAAAAA-AAAAA2', '100001', 'ct-shopper-0001', 2500, 'GBP', PAID_AT.toISOString()],
        ['BBBBBB-BBBBBB-BBBBB1', '100002', null, 1999, 'GBP', PAID_AT.toISOString()],
      ]);
      expect((await sql`select * from vouchers.voucher_extension`.execute(db)).rows).toEqual(extensionsBefore);
      const events = (await sql<{ code: string; event: string; from_status: string | null; to_status: string }>`
        select v.code, e.event, e.from_status, e.to_status from vouchers.voucher_event e join vouchers.voucher v on v.id = e.voucher_id order by v.code, e.id`.execute(db)).rows;
      expect(events).toEqual([
        { code: 'AAAAAA-AAAAAA-AAAAA1', event: 'issue', from_status: null, to_status: 'Ready to Redeem' },
        { code: 'AAAAAA-AAAAAA-AAAAA2', event: 'issue', from_status: null, to_status: 'Ready to Redeem' },
        { code: 'BBBBBB-BBBBBB-BBBBB1', event: 'issue', from_status: null, to_status: 'Ready to Redeem' },
        { code: 'BBBBBB-BBBBBB-BBBBB1', event: 'cancel', from_status: 'Ready to Redeem', to_status: 'Cancelled' },
      ]);
      const gone = (await sql<{ voucher: string | null; extension: string | null }>`
        select to_regclass('orders.voucher')::text as voucher, to_regclass('orders.voucher_extension')::text as extension`.execute(db)).rows[0];
      expect(gone).toEqual({ voucher: null, extension: null });
      // Run again: nothing to do.
      await migrateVouchers(db);
      expect((await sql`select count(*)::int as n from vouchers.voucher`.execute(db)).rows).toEqual([{ n: 3 }]);
    });
  });

  it('on a database without the checkout’s tables creates the schema empty', async () => {
    await withDatabase(open, async ({ db }) => {
      await migrateVouchers(db);
      expect((await sql`select count(*)::int as n from vouchers.voucher`.execute(db)).rows).toEqual([{ n: 0 }]);
    });
  });
});
