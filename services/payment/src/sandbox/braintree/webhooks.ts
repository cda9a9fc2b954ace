/**
 * The Braintree sandbox's webhook notifications (reliability P6, A6): signed like Braintree's
 * (`bt_signature` = `<public key>|<HMAC-SHA256 of bt_payload with the webhook secret>`,
 * `bt_payload` = base64 of the notification), POSTed over real HTTP to the configured URL on
 * loopback. Each notification carries its kind, a unique event id, a timestamp, the transaction
 * and our order reference; the signature covers all of it.
 *
 * Delivery: one POST per notification, retried (at most 3 attempts) only when the receiver did
 * not answer or answered 5xx; a 4xx is final. Fault modes (armed for route `webhook`):
 * `webhook-duplicate` (delivered `count` times, default 5), `webhook-reorder` (the
 * transaction_authorized notification is held back until after the settlement one),
 * `webhook-bad-signature` (signed with another secret). `replay(eventId)` sends an old
 * notification again byte for byte (its original timestamp and signature).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FaultControl } from '../common.ts';

export const WEBHOOK_KINDS = ['transaction_authorized', 'transaction_settled', 'transaction_settlement_declined'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export interface WebhookTransaction {
  id: string;
  orderId: string;
  status: string;
  amount: string;
  currencyIsoCode: string;
  processorSettlementResponseCode: string;
  processorSettlementResponseText: string;
}

export interface WebhookNotification {
  kind: WebhookKind;
  id: string;
  timestamp: string;
  subject: { transaction: WebhookTransaction };
}

export interface WebhookDelivery {
  eventId: string;
  kind: WebhookKind;
  transactionId: string;
  orderId: string;
  /** The form body as sent: `{ bt_signature, bt_payload }`. */
  body: { bt_signature: string; bt_payload: string };
  /** The receiver's HTTP status, or null when it did not answer. */
  status: number | null;
  /** Which fault shaped this delivery, if any. */
  fault: string | null;
  at: string;
}

export interface WebhookConfig {
  url: string;
  secret: string;
  /** The public key named in the signature (default 'sandbox_public_key'). */
  publicKey?: string;
  /** How long after a sale is submitted for settlement it settles (default 1000 ms). */
  settleAfterMs?: number;
  /** Also notify transaction_authorized at the sale (default true; the shop turns it off). */
  notifyAuthorized?: boolean;
  /**
   * Notify transaction_settled too (default true). Braintree sends transaction webhooks only for
   * ACH and SEPA sales; for cards and PayPal the shop configures false and hears only of a
   * settlement declined (our sandbox's P6 convention), so an ordinary sale costs no webhook.
   */
  notifySettled?: boolean;
}

export const DEFAULT_PUBLIC_KEY = 'sandbox_public_key';

export function signWebhook(payload: string, secret: string, publicKey = DEFAULT_PUBLIC_KEY): string {
  return `${publicKey}|${createHmac('sha256', secret).update(payload).digest('hex')}`;
}

export function encodeNotification(notification: WebhookNotification, secret: string, publicKey?: string): { bt_signature: string; bt_payload: string } {
  const payload = Buffer.from(JSON.stringify(notification)).toString('base64');
  return { bt_signature: signWebhook(payload, secret, publicKey), bt_payload: payload };
}

export class WebhookEmitter {
  private config: WebhookConfig | null = null;
  private readonly log: WebhookDelivery[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  private readonly faults: FaultControl;
  private readonly now: () => Date;
  constructor(faults: FaultControl, now: () => Date) {
    this.faults = faults;
    this.now = now;
  }

  configure(config: WebhookConfig | null): void {
    this.config = config;
  }
  get enabled(): boolean {
    return this.config !== null;
  }
  get settleAfterMs(): number {
    return this.config?.settleAfterMs ?? 1000;
  }
  get notifyAuthorized(): boolean {
    return this.config?.notifyAuthorized ?? true;
  }
  get notifySettled(): boolean {
    return this.config?.notifySettled ?? true;
  }

  /** Every delivery attempt the sandbox made, oldest first. */
  sent(): WebhookDelivery[] {
    return this.log.map((d) => ({ ...d }));
  }

  /** A notification for `tx`, with a fresh event id and the current time. */
  notification(kind: WebhookKind, tx: WebhookTransaction): WebhookNotification {
    return { kind, id: `evt_${randomBytes(10).toString('hex')}`, timestamp: this.now().toISOString(), subject: { transaction: { ...tx } } };
  }

  /** Runs `work` after `ms` (tracked: `settled()` waits for it, `stop()` cancels it). */
  later(ms: number, work: () => Promise<unknown> | void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(Promise.resolve().then(work));
    }, ms);
    timer.unref?.();
    this.timers.add(timer);
  }

  track<T>(p: Promise<T>): Promise<T> {
    const tracked = p.catch(() => undefined as T).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    return tracked;
  }

  /** Takes the webhook fault armed for the next notification(s) of a sale. */
  takeFault(): { mode: string; count?: number } | null {
    return this.faults.takeRoute('webhook');
  }

  /** Signs and delivers one notification under `fault` (null: once, correctly signed). */
  async deliver(notification: WebhookNotification, fault: { mode: string; count?: number } | null): Promise<void> {
    const config = this.config;
    if (!config) return;
    const secret = fault?.mode === 'webhook-bad-signature' ? randomBytes(16).toString('hex') : config.secret;
    const body = encodeNotification(notification, secret, config.publicKey);
    const times = fault?.mode === 'webhook-duplicate' ? Math.max(1, Math.min(fault.count ?? 5, 50)) : 1;
    for (let i = 0; i < times; i++) await this.post(config.url, notification, body, fault?.mode ?? null);
  }

  /** Sends a notification delivered before again, byte for byte (an old signed event). */
  async replay(eventId: string): Promise<number | null> {
    const first = this.log.find((d) => d.eventId === eventId);
    if (!first || !this.config) throw new Error(`No notification ${eventId} was sent`);
    const notification = JSON.parse(Buffer.from(first.body.bt_payload, 'base64').toString('utf8')) as WebhookNotification;
    return this.post(this.config.url, notification, first.body, 'webhook-replay');
  }

  private async post(url: string, n: WebhookNotification, body: WebhookDelivery['body'], fault: string | null): Promise<number | null> {
    let status: number | null = null;
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer().catch(() => undefined);
        status = res.status;
      } catch {
        status = null;
      }
      this.log.push({ eventId: n.id, kind: n.kind, transactionId: n.subject.transaction.id, orderId: n.subject.transaction.orderId, body, status, fault, at: this.now().toISOString() });
      if (status !== null && status < 500) break;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
    return status;
  }

  /** Waits until every scheduled settlement and delivery so far has finished. */
  async settled(): Promise<void> {
    while (this.running.size || this.timers.size) {
      if (this.running.size) await Promise.allSettled([...this.running]);
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Cancels scheduled settlements (tests' teardown). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
