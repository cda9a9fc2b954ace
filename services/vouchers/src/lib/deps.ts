import type { PaymentMethod, RefundRequest, RefundResult } from '@shop/payment/contract';
import type { Mailer } from '@shop/platform';
import type { AnyDb } from '../db/database.ts';

/** The part of the payment service refunds use (@shop/payment createPayments().refund). */
export interface VoucherPayments {
  refund(method: PaymentMethod, req: RefundRequest): Promise<RefundResult>;
}

/** What the handlers need, given once when the app is created. */
export interface VouchersDeps {
  db: AnyDb;
  /** The clock (tests fix it): refund windows, expiry and the time of every event. */
  now: () => Date;
  /** The shop's public origin: printed vouchers' QR links point there. */
  publicBaseUrl: string;
  /** The key voucher redemption links are signed with (print/redemption-link.ts). */
  linkKey: Buffer;
  /** Cash refunds to the original payment method; absent: cash refunds wait as requested (the job retries). */
  payments: VoucherPayments | null;
  log: (message: string, fields: Record<string, unknown>) => void;
  /** Gift mail (gifts/): the platform Mailer; absent: a holder's gift mail waits unsent. */
  mailer?: Mailer | null;
}
