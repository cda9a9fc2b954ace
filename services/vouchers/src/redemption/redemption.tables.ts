/** The attempts log of redemptions (issue 17 point 3), as Kysely sees it (migration 2026_12_27_1200_redemption_attempts). */
import type { ColumnType, Generated } from 'kysely';

export const REDEMPTION_CHANNELS = ['typed', 'qr', 'csv', 'offline'] as const;
export type RedemptionChannel = (typeof REDEMPTION_CHANNELS)[number];
/** undo_refused: an undo asked for too late, of a voucher not redeemed, or of another business's redemption. */
export const REDEMPTION_RESULTS = ['redeemed', 'already_redeemed', 'not_redeemable', 'not_found', 'undone', 'undo_refused'] as const;
export type RedemptionResult = (typeof REDEMPTION_RESULTS)[number];

export interface RedemptionAttemptTable {
  id: Generated<string>;
  merchant_ref: string;
  actor_ref: string | null;
  channel: RedemptionChannel;
  code: string;
  voucher_id: string | null;
  result: RedemptionResult;
  line: number | null;
  attempt_id: string | null;
  answer_status: number | null;
  answer: ColumnType<unknown, string | null, string | null> | null;
  at: ColumnType<Date, Date | string, Date | string>;
}
