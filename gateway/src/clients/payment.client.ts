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

const SessionSchema = z
  .object({
    clientToken: z.string().nullish(),
    client_token: z.string().nullish(),
    token: z.string().nullish(),
    sessionId: z.string().nullish(),
    session_id: z.string().nullish(),
    sandboxUrl: z.string().nullish(),
    redirectCheckoutUrl: z.string().nullish(),
    redirect_url: z.string().nullish(),
  })
  .transform((v) => ({
    clientToken: v.clientToken ?? v.client_token ?? v.token ?? v.sessionId ?? v.session_id ?? null,
    sandboxUrl: v.sandboxUrl ?? v.redirectCheckoutUrl ?? v.redirect_url ?? null,
  }));
const SessionAnswerSchema = z.union([z.object({ data: SessionSchema }), SessionSchema]).transform((v) => ('data' in v ? v.data : v));

const InstrumentsAnswerSchema = z
  .union([z.object({ data: z.array(InstrumentSchema) }), z.array(InstrumentSchema)])
  .transform((v) => (Array.isArray(v) ? v : v.data));

export type SessionKind = 'braintree' | 'klarna' | 'clearpay';

export interface PaymentSessionRequest {
  kind: SessionKind;
  method: string;
  basketToken: string;
  customerToken: string | null;
  amount: number;
  currency: 'GBP';
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
      const { kind: _kind, ...body } = request;
      const res = await rest.raw('POST', path, { body });
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
