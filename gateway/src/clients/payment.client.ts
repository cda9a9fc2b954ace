/**
 * Typed client of the payment service (services/payment, spec §7): what the browser needs to
 * tokenise with a provider's sandbox (POST /token for Braintree's client token, POST /kn/sessions
 * for a Klarna session, POST /cp/checkouts for a Clearpay checkout) and the saved instruments
 * (GET /payment/addon/paymentInstruments?customerToken=). Charging is the checkout service's job
 * (it calls the payment module inside the order flow), never the gateway's. Answers are parsed
 * with the service's own schemas (services/payment/src/routes.ts).
 */
import { ClearpayCheckoutAnswerSchema, ClientTokenAnswerSchema, InstrumentListSchema, KlarnaSessionAnswerSchema } from '@shop/payment/routes';
import type { PaymentInstrumentData } from './checkout.client.ts';
import type { RestClient } from './rest-client.ts';
import { isServiceError } from './service-error.ts';

export type { PaymentInstrumentData };

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
  /** A client token / session / checkout; when the service refused it (a 4xx), the problem's code. */
  startSession(request: PaymentSessionRequest): Promise<{ clientToken: string; sandboxUrl: string | null } | { refused: string; status: number }>;
  instruments(customerToken: string): Promise<PaymentInstrumentData[]>;
}

export function createPaymentClient(rest: RestClient): PaymentClient {
  async function session(request: PaymentSessionRequest): Promise<{ clientToken: string; sandboxUrl: string | null }> {
    switch (request.kind) {
      case 'braintree': {
        const { data } = await rest.send('POST', '/token', { parser: ClientTokenAnswerSchema });
        return { clientToken: data.clientToken, sandboxUrl: null };
      }
      case 'klarna': {
        const body = { amount: request.amount, currency: 'GBP', orderRef: null };
        const { data } = await rest.send('POST', '/kn/sessions', { body, parser: KlarnaSessionAnswerSchema });
        return { clientToken: data.clientToken, sandboxUrl: data.approvalUrl };
      }
      case 'clearpay': {
        const body = { amount: request.amount, currency: 'GBP', orderRef: request.orderRef, email: request.email };
        const { data } = await rest.send('POST', '/cp/checkouts', { body, parser: ClearpayCheckoutAnswerSchema });
        return { clientToken: data.token, sandboxUrl: data.approvalUrl };
      }
    }
  }

  return {
    async startSession(request) {
      try {
        return await session(request);
      } catch (error) {
        // A refusal (an amount Clearpay does not take, a provider saying no) is data; the rest is not.
        if (isServiceError(error) && error.status >= 400 && error.status < 500) return { refused: error.code, status: error.status };
        throw error;
      }
    },
    async instruments(customerToken) {
      const answer = await rest.send('GET', `/payment/addon/paymentInstruments?customerToken=${encodeURIComponent(customerToken)}`, {
        logPath: '/payment/addon/paymentInstruments?customerToken=…',
        parser: InstrumentListSchema,
        nullOn404: true,
      });
      return answer?.data.paymentInstruments ?? [];
    },
  };
}
