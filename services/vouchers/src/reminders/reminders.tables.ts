/** The tables of validity extensions for one voucher and expiry reminders (migration 2026_12_10_1100_reminders). */
import type { ColumnType, Generated } from 'kysely';
import type { ReminderKind } from '@shop/domain/voucher-extension';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A VVE add-on order bought for one voucher of its parent order: only that one is extended when paid. */
export interface ExtensionTargetTable {
  addon_order_id: string;
  voucher_id: string;
}

/** One expiry reminder per voucher and kind, with its email; `sent_at` once the mailer took it. */
export interface ReminderTable {
  voucher_id: string;
  kind: ReminderKind;
  to_address: string;
  subject: string;
  text_body: string;
  message_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attempts: Generated<number>;
}
