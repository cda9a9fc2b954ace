/**
 * Wish list alerts (issue 19 point 2, beyond the spec): a signed-in shopper with a deal on their
 * wish list gets one email when its headline price falls by at least 5% (domain
 * isAlertablePriceDrop), and one when a sold-out or closed deal can be bought again. A guest's
 * list (no customer token) gets none. A leased job (the shop's "alert wish lists of price drops"),
 * crash safe in two steps like the vouchers' expiry reminders (reliability C5):
 *
 * 1. Watch (one transaction a batch of deals): for each deal on a customer's list, the watch row
 *    (what the job saw last: the price it compares with, whether it could be bought) is locked,
 *    the deal's state read from the deals module (dealStates: headline price, available), and a
 *    change worth an email becomes an `alert_change` row plus one `alert` row per customer who
 *    held the deal when it was last looked at (unique (change, customer)), in the same
 *    transaction that moves the watch on. A crash before commit leaves the watch as it was: the
 *    next run finds the same change once. Two runs at once: the second waits on the row lock and
 *    then sees the watch already moved, so no second change.
 * 2. Send: alerts not handed over yet go to the mailer with a stable Message-ID per alert, then
 *    are marked sent. The recipient is decided now (users module: address confirmed, account not
 *    erased, kind not turned off), so a shopper who turned a kind off between the two steps gets
 *    nothing (the alert is marked skipped). A crash between the hand-over and the mark sends the
 *    same message again, which the outbox (unique Message-ID) stores once and a mail server
 *    recognises as the same message.
 *
 * How changes are detected, and why a watch and not a change log in the deals service: the deals'
 * prices and stock move on the buying path (every hold and sale updates `remaining`); a trigger
 * there would cost every sale for the sake of a few watched deals, and a closing date passing is
 * no write at all. The watch compares what is now with what it saw, only for deals on customers'
 * lists, and a change exists once its watch has moved (one row, one lock). A price that falls
 * and rises again between two runs is never mailed: the shopper could not have had it anyway.
 */
import { sql, type Kysely } from 'kysely';
import type { Mailer } from '@shop/platform';
import { isAlertablePriceDrop, nextWatchedPrice, type WishlistAlertKind } from '@shop/domain/wishlist-alerts';
import { alertMail, ALERT_MAIL_KIND } from './alert-mail.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- module functions take the caller's Transaction<any>
type AnyDb = Kysely<any>;

/** Every 15 minutes: soon enough for a price, light enough to read every watched deal. */
export const ALERT_WISHLISTS_EVERY_MS = 15 * 60 * 1000;
export const WATCH_BATCH = 200;
const SEND_BATCH = 100;

/** Where a test fails or kills the job (C5): inside a watch batch before it commits, after the watch step, after a message is handed over. */
export type AlertFaultPoint = 'before-commit' | 'after-watch' | 'after-send';

/** What the deals module tells about a deal (services/deals dealWatchStates). */
export interface WatchedDealState {
  title: string;
  path: string;
  headlinePricePence: number;
  currency: string;
  available: boolean;
}

export interface WishlistAlertDeps {
  db: AnyDb;
  mailer: Mailer;
  now: () => Date;
  publicBaseUrl: string;
  /** The deals among `dealIds` that exist, read on `within` (the batch's transaction: PGlite has one connection). */
  dealStates: (within: AnyDb, dealIds: number[], now: Date) => Promise<Map<number, WatchedDealState>>;
  /** Who gets `kind` among the customers (users module wishlistAlertRecipients): address and the kind's unsubscribe link. */
  recipients: (within: AnyDb, customerTokens: string[], kind: WishlistAlertKind) => Promise<Map<string, { email: string; unsubscribeUrl: string }>>;
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** Tests: called at each fault point (throws or kills the process there). */
  fault?: (point: AlertFaultPoint) => void;
}

export const alertMessageId = (alertId: number) => `<wishlist-alert.${alertId}@wishlist.thistledeals.example>`;

/** Watches then sends; how many changes were found, alerts recorded, and emails handed over. */
export async function alertWishlists(deps: WishlistAlertDeps, watchBatch = WATCH_BATCH): Promise<{ changes: number; alerts: number; sent: number }> {
  const found = await watchWishlistedDeals(deps, watchBatch);
  deps.fault?.('after-watch');
  const sent = await sendWishlistAlerts(deps);
  return { ...found, sent };
}

interface WatchRow {
  deal_id: number;
  watched_price_pence: number;
  available: boolean;
  checked_at: Date | string;
}

/** Step 1: every deal on a customer's list, a batch at a time (each batch one transaction). */
export async function watchWishlistedDeals(deps: WishlistAlertDeps, batch = WATCH_BATCH): Promise<{ changes: number; alerts: number }> {
  const now = deps.now();
  let changes = 0;
  let alerts = 0;
  let after = 0;
  for (let round = 0; round < 100_000; round++) {
    // Keyset over the deal ids held by customers' lists (guests' lists are never watched).
    const ids = (
      await sql<{ deal_id: number }>`select distinct wd.deal_id from wishlist.wishlist_deal wd
        join wishlist.wishlist w on w.id = wd.wishlist_id
        where w.customer_token is not null and wd.deal_id > ${after}
        order by wd.deal_id limit ${batch}`.execute(deps.db)
    ).rows.map((r) => Number(r.deal_id));
    if (ids.length === 0) break;
    after = ids[ids.length - 1]!;
    const done = await deps.db.transaction().execute(async (trx) => {
      // A first sighting is the baseline: no email for what nobody saw change.
      const states = await deps.dealStates(trx, ids, now);
      const baseline = ids.flatMap((id) => {
        const s = states.get(id);
        return s ? [{ id, price: s.headlinePricePence, available: s.available }] : [];
      });
      if (baseline.length) {
        await sql`insert into wishlist.alert_watch (deal_id, watched_price_pence, available, checked_at)
          values ${sql.join(baseline.map((b) => sql`(${b.id}, ${b.price}, ${b.available}, ${now})`))}
          on conflict (deal_id) do nothing`.execute(trx);
      }
      // The lock that makes a change found once: a concurrent run waits here, then sees the watch moved.
      const watches = (
        await sql<WatchRow>`select deal_id, watched_price_pence, available, checked_at from wishlist.alert_watch
          where deal_id in (${sql.join(ids)}) order by deal_id for update`.execute(trx)
      ).rows;
      let c = 0;
      let a = 0;
      for (const w of watches) {
        const dealId = Number(w.deal_id);
        const state = states.get(dealId);
        if (!state) continue;
        const checkedAt = new Date(w.checked_at);
        if (checkedAt.getTime() >= now.getTime()) continue; // this run's own baseline
        const watched = Number(w.watched_price_pence);
        const price = state.headlinePricePence;
        // Back on sale says the price it is back at; a drop while it cannot be bought is no email.
        const kind: WishlistAlertKind | null = !w.available && state.available ? 'back_in_stock' : state.available && isAlertablePriceDrop(watched, price) ? 'price_drop' : null;
        const nextPrice = kind === 'back_in_stock' ? price : nextWatchedPrice(watched, price);
        // Only a watch that moves is written on its own; the time of the look is one statement for the batch (below).
        if (nextPrice !== watched || state.available !== w.available) {
          await sql`update wishlist.alert_watch set watched_price_pence = ${nextPrice}, available = ${state.available} where deal_id = ${dealId}`.execute(trx);
        }
        if (!kind) continue;
        const change = (
          await sql<{ id: string | number }>`insert into wishlist.alert_change (deal_id, kind, from_price_pence, to_price_pence, currency, title, path, observed_at)
            values (${dealId}, ${kind}, ${kind === 'price_drop' ? watched : null}, ${price}, ${state.currency}, ${state.title}, ${state.path}, ${now}) returning id`.execute(trx)
        ).rows[0]!;
        c += 1;
        // The customers who held the deal when it was last looked at: they saw the old price or state.
        const inserted = await sql`insert into wishlist.alert (change_id, customer_token, created_at)
          select ${change.id}, w.customer_token, ${now} from wishlist.wishlist_deal wd join wishlist.wishlist w on w.id = wd.wishlist_id
          where wd.deal_id = ${dealId} and w.customer_token is not null and wd.added_at <= ${checkedAt}
          on conflict (change_id, customer_token) do nothing returning id`.execute(trx);
        a += inserted.rows.length;
      }
      await sql`update wishlist.alert_watch set checked_at = ${now} where deal_id in (${sql.join(ids)}) and checked_at < ${now}`.execute(trx);
      deps.fault?.('before-commit');
      return { c, a };
    });
    changes += done.c;
    alerts += done.a;
    if (ids.length < batch) break;
  }
  // Deals no customer holds any more are not watched: added again later, they start afresh.
  await sql`delete from wishlist.alert_watch aw where not exists (
      select 1 from wishlist.wishlist_deal wd join wishlist.wishlist w on w.id = wd.wishlist_id
      where wd.deal_id = aw.deal_id and w.customer_token is not null)`.execute(deps.db);
  return { changes, alerts };
}

interface UnsentRow {
  id: string | number;
  customer_token: string;
  kind: WishlistAlertKind;
  from_price_pence: number | null;
  to_price_pence: number;
  currency: string;
  title: string;
  path: string;
}

/** Step 2: hands the alerts not sent yet to the mailer (stable Message-ID), then marks them sent; how many were handed over. */
export async function sendWishlistAlerts(deps: WishlistAlertDeps): Promise<number> {
  let sent = 0;
  let after = 0;
  for (let round = 0; round < 10_000; round++) {
    const rows = (
      await sql<UnsentRow>`select a.id, a.customer_token, c.kind, c.from_price_pence, c.to_price_pence, c.currency, c.title, c.path
        from wishlist.alert a join wishlist.alert_change c on c.id = a.change_id
        where a.sent_at is null and a.skipped is null and a.id > ${after}
        order by a.id limit ${SEND_BATCH}`.execute(deps.db)
    ).rows;
    if (rows.length === 0) return sent;
    after = Number(rows[rows.length - 1]!.id);
    const byKind = new Map<WishlistAlertKind, Map<string, { email: string; unsubscribeUrl: string }>>();
    for (const kind of new Set(rows.map((r) => r.kind))) {
      byKind.set(kind, await deps.recipients(deps.db, [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.customer_token))], kind));
    }
    for (const row of rows) {
      const id = Number(row.id);
      const to = byKind.get(row.kind)?.get(row.customer_token);
      if (!to) {
        // Turned off, address not confirmed, or the account erased: never sent.
        await sql`update wishlist.alert set skipped = 'no_recipient' where id = ${id} and sent_at is null`.execute(deps.db);
        continue;
      }
      const mail = alertMail(deps.publicBaseUrl, {
        kind: row.kind,
        title: row.title,
        path: row.path,
        currency: row.currency,
        fromPricePence: row.from_price_pence === null ? null : Number(row.from_price_pence),
        toPricePence: Number(row.to_price_pence),
        unsubscribeUrl: to.unsubscribeUrl,
      });
      try {
        await deps.mailer.send({ to: to.email, subject: mail.subject, text: mail.text, kind: ALERT_MAIL_KIND[row.kind], messageId: alertMessageId(id), listUnsubscribe: to.unsubscribeUrl });
      } catch (error) {
        // Left unsent: the next run hands it over again.
        await sql`update wishlist.alert set attempts = attempts + 1 where id = ${id}`.execute(deps.db);
        deps.log?.('[wishlist] alert not sent', { alertId: id, kind: row.kind, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
      deps.fault?.('after-send');
      await sql`update wishlist.alert set sent_at = ${deps.now()}, attempts = attempts + 1 where id = ${id} and sent_at is null`.execute(deps.db);
      sent += 1;
    }
    if (rows.length < SEND_BATCH) return sent;
  }
  return sent;
}
