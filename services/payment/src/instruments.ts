/**
 * Saved instruments (spec §3: savedCard, type, gateway, default flag) per customer token. The
 * first one saved is the default; making another the default is exclusive (a partial unique
 * index backs it, the customer's rows are locked in id order first). Only the owner reaches a
 * row: every query is keyed by customer token and id together (reliability Z1, Z3).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { InstrumentType, PaymentProviderName } from '@shop/domain/buying';
import { inPayment, type PaymentDatabase, type PaymentDb } from './db/database.ts';

export type SavedInstrument = {
  id: string;
  /** Spec §3 saved payment type. */
  savedPaymentType: 'savedCard';
  type: InstrumentType;
  gateway: PaymentProviderName;
  cardType: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
  default: boolean;
  createdAt: string;
};

type Row = {
  id: string;
  type: string;
  gateway: string;
  card_type: string | null;
  last4: string | null;
  expiry_month: number | null;
  expiry_year: number | null;
  is_default: boolean;
  created_at: Date | string;
};

const toInstrument = (row: Row): SavedInstrument => ({
  id: row.id,
  savedPaymentType: 'savedCard',
  type: row.type as InstrumentType,
  gateway: row.gateway as PaymentProviderName,
  cardType: row.card_type,
  last4: row.last4,
  expiryMonth: row.expiry_month,
  expiryYear: row.expiry_year,
  default: row.is_default,
  createdAt: new Date(row.created_at).toISOString(),
});

const COLUMNS = ['id', 'type', 'gateway', 'card_type', 'last4', 'expiry_month', 'expiry_year', 'is_default', 'created_at'] as const;

export async function listInstruments(db: PaymentDb, customerToken: string): Promise<SavedInstrument[]> {
  const rows = await inPayment(db).selectFrom('instrument').select(COLUMNS).where('customer_token', '=', customerToken).orderBy('created_at').orderBy('id').execute();
  return rows.map(toInstrument);
}

/** The vault token of the shopper's own instrument (null for anyone else's id). */
export async function instrumentForCharge(db: PaymentDb, customerToken: string | null, id: string): Promise<{ vaultToken: string; gateway: string; type: string; cardType: string | null } | null> {
  if (!customerToken) return null;
  const row = await inPayment(db)
    .selectFrom('instrument')
    .select(['vault_token', 'gateway', 'type', 'card_type'])
    .where('id', '=', id)
    .where('customer_token', '=', customerToken)
    .executeTakeFirst();
  return row ? { vaultToken: row.vault_token, gateway: row.gateway, type: row.type, cardType: row.card_type } : null;
}

export type NewInstrument = {
  customerToken: string;
  type: InstrumentType;
  gateway: PaymentProviderName;
  vaultToken: string;
  cardType: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
};

const lockCustomer = (trx: Transaction<PaymentDatabase>, customerToken: string) =>
  inPayment(trx).selectFrom('instrument').select('id').where('customer_token', '=', customerToken).orderBy('id').forUpdate().execute();

/** Saves an instrument; the first of a shopper is the default. */
export async function saveInstrument(db: PaymentDb, input: NewInstrument, now: Date): Promise<SavedInstrument> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, input.customerToken);
    // The lock does not cover a shopper with no rows yet: two first saves race to the default,
    // the unique index decides, and the loser is saved as not default.
    const instrument = {
      customer_token: input.customerToken,
      type: input.type,
      gateway: input.gateway,
      vault_token: input.vaultToken,
      card_type: input.cardType,
      last4: input.last4,
      expiry_month: input.expiryMonth,
      expiry_year: input.expiryYear,
      created_at: now,
    };
    const row = await inPayment(trx)
      .insertInto('instrument')
      .values({ ...instrument, id: randomUUID(), is_default: sql<boolean>`not exists (select 1 from payment.instrument where customer_token = ${input.customerToken} and is_default)` })
      .onConflict((oc) => oc.column('customer_token').where('is_default', '=', true).doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    if (row) return toInstrument(row);
    // Lost the race to be the default: save it as not default.
    const again = await inPayment(trx)
      .insertInto('instrument')
      .values({ ...instrument, id: randomUUID(), is_default: false })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toInstrument(again);
  });
}

/** Makes the shopper's instrument the default (and no other). False when it is not theirs. */
export async function setDefaultInstrument(db: PaymentDb, customerToken: string, id: string): Promise<SavedInstrument | null> {
  return db.transaction().execute(async (trx) => {
    const rows = await lockCustomer(trx, customerToken);
    if (!rows.some((r) => r.id === id)) return null;
    await inPayment(trx).updateTable('instrument').set({ is_default: false }).where('customer_token', '=', customerToken).where('is_default', '=', true).where('id', '<>', id).execute();
    const row = await inPayment(trx).updateTable('instrument').set({ is_default: true }).where('customer_token', '=', customerToken).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow();
    return toInstrument(row);
  });
}

/** Removes the shopper's instrument; when it was the default, the oldest remaining one becomes the default. */
export async function deleteInstrument(db: PaymentDb, customerToken: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerToken);
    const removed = await inPayment(trx).deleteFrom('instrument').where('customer_token', '=', customerToken).where('id', '=', id).returning(['is_default']).executeTakeFirst();
    if (!removed) return false;
    if (removed.is_default) {
      const next = await inPayment(trx).selectFrom('instrument').select('id').where('customer_token', '=', customerToken).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
      if (next) await inPayment(trx).updateTable('instrument').set({ is_default: true }).where('id', '=', next.id).execute();
    }
    return true;
  });
}
