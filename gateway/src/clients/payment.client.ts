/**
 * Typed client of the payment service (services/payment, spec §7): what the browser needs to
 * tokenise with a provider's sandbox (POST /token for Braintree's client token, POST /kn/sessions
 * for a Klarna session, POST /cp/checkouts for a Clearpay checkout) and the saved instruments
 * (GET /payment/addon/paymentInstruments?customerToken=). Charging is the checkout service's job
 * (it calls the payment module inside the order flow), never the gateway's.
 */
import { z } from 'zod';
import { InstrumentSchema, type PaymentInstrumentData } from './checkout.client.ts';
import { parse, problemError } from './basket.client.ts';
import type { RestClient } from './rest-client.ts';

export type { PaymentInstrumentData };

/** POST /token, /kn/sessions, /cp/checkouts answers: the token the browser tokenises with and, for Klarna and Clearpay, the approval page. */
const SessionAnswerSchema = z
  .object({
    data: z.object({
      clientToken: z.string().nullish(),
      token: z.string().nullish(),
      sessionId: z.string().nullish(),
      approvalUrl: z.string().nullish(),
    }),
  })
  .transform(({ data }) => ({ clientToken: data.clientToken ?? data.token ?? null, sandboxUrl: data.approvalUrl ?? null }));

const InstrumentsAnswerSchema = z
  .union([z.object({ data: z.object({ paymentInstruments: z.array(InstrumentSchema) }) }), z.object({ data: z.array(InstrumentSchema) }), z.array(InstrumentSchema)])
  .transform((v) => (Array.isArray(v) ? v : Array.isArray(v.data) ? v.data : v.data.paymentInstruments));

export type SessionKind = 'braintree' | 'klarna' | 'clearpay';

export interface PaymentSessionRequest {
  kind: SessionKind;
  amount: number;
  /** Our reference (Clearpay's checkout needs one: the basket token). */
  orderRef: string;
  /** Clearpay's checkout needs the shopper's email. */
  email: string | null;
}

export interface PaymentClient {
  /** A client token / session / checkout; null when the service refused it (a 4xx), with the problem's code. */
  startSession(request: PaymentSessionRequest): Promise<{ clientToken: string; sandboxUrl: string | null } | { refused: string; status: number }>;
  instruments(customerToken: string): Promise<PaymentInstrumentData[]>;
}

const SESSION_PATHS: Record<SessionKind, string> = { braintree: '/token', klarna: '/kn/sessions', clearpay: '/cp/checkouts' };

export function createPaymentClient(rest: RestClient): PaymentClient {
  return {
    async startSession(request) {
      const path = SESSION_PATHS[request.kind];
      const body =
        request.kind === 'braintree'
          ? undefined
          : request.kind === 'klarna'
            ? { amount: request.amount, currency: 'GBP', orderRef: null }
            : { amount: request.amount, currency: 'GBP', orderRef: request.orderRef, email: request.email };
      const res = await rest.raw('POST', path, body === undefined ? {} : { body });
      if (res.status >= 400 && res.status < 500) {
        const code = (res.body as { code?: unknown } | null)?.code;
        return { refused: typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : `HTTP_${res.status}`, status: res.status };
      }
      if (res.status < 200 || res.status > 299) throw problemError('POST', path, res.status, res.body, 'payment');
      const session = parse(SessionAnswerSchema, res.body, 'POST', path, res.status, 'payment');
      if (!session.clientToken) throw problemError('POST', path, 502, null, 'payment');
      return { clientToken: session.clientToken, sandboxUrl: session.sandboxUrl };
    },
    async instruments(customerToken) {
      const logPath = '/payment/addon/paymentInstruments?customerToken=…';
      const res = await rest.raw('GET', `/payment/addon/paymentInstruments?customerToken=${encodeURIComponent(customerToken)}`, { logPath });
      if (res.status === 404) return [];
      if (res.status !== 200) throw problemError('GET', logPath, res.status, res.body, 'payment');
      return parse(InstrumentsAnswerSchema, res.body, 'GET', logPath, 200, 'payment');
    },
  };
}
