/**
 * Braintree's sandbox values (reliability A2, D1) as our sandbox reproduces them: static nonces,
 * test card numbers, amount bands and processor response texts.
 */

export type InstrumentKind = 'credit_card' | 'paypal_account' | 'apple_pay_card' | 'android_pay_card';

/** 3-D Secure statuses: which ones pass, which ones failed authentication, which ones could not run. */
export const THREE_DS_PASSED = ['authenticate_successful', 'authenticate_attempt_successful', 'lookup_not_enrolled', 'authentication_bypassed', 'authenticate_frictionless_successful'] as const;
export const THREE_DS_FAILED = ['authenticate_failed', 'authenticate_signature_verification_failed'] as const;
export const THREE_DS_UNAVAILABLE = ['lookup_timeout', 'authenticate_unable_to_authenticate', 'lookup_error', 'authenticate_error', 'authentication_unavailable'] as const;

/** What a payment method does when charged, besides the amount bands. */
export type MethodBehaviour = {
  kind: InstrumentKind;
  cardType: string | null;
  last4: string | null;
  expirationMonth: number | null;
  expirationYear: number | null;
  processorDeclined?: string;
  processorFailure?: boolean;
  gatewayRejected?: 'fraud' | 'risk_threshold';
  validationError?: { code: string; attribute: string; message: string };
  threeDSecure?: { status: string; liabilityShifted: boolean; liabilityShiftPossible: boolean };
  failsVerification?: boolean;
  /** Tokenised with an expiry date in the past: the processor answers 2004. */
  expired?: boolean;
  cvv?: string | null;
  postalCode?: string | null;
  /** fake-consumed-nonce: always "already used". */
  alwaysConsumed?: boolean;
};

const card = (cardType: string, last4: string, extra: Partial<MethodBehaviour> = {}): MethodBehaviour => ({
  kind: 'credit_card',
  cardType,
  last4,
  expirationMonth: 12,
  expirationYear: 2030,
  ...extra,
});
const wallet = (kind: InstrumentKind, cardType: string | null, last4: string | null): MethodBehaviour => ({ kind, cardType, last4, expirationMonth: cardType ? 12 : null, expirationYear: cardType ? 2030 : null });
const threeDs = (status: string, liabilityShifted = false, liabilityShiftPossible = true) => card('Visa', '0002', { threeDSecure: { status, liabilityShifted, liabilityShiftPossible } });

/** Static nonces (A2.3): usable any number of times, except fake-consumed-nonce. */
export const STATIC_NONCES: Record<string, MethodBehaviour> = {
  'fake-valid-nonce': card('Visa', '1881'),
  'fake-valid-visa-nonce': card('Visa', '1881'),
  'fake-valid-mastercard-nonce': card('MasterCard', '4444'),
  'fake-valid-amex-nonce': card('American Express', '0005'),
  'fake-valid-discover-nonce': card('Discover', '0009'),
  'fake-valid-jcb-nonce': card('JCB', '0000'),
  'fake-valid-maestro-nonce': card('Maestro', '0000'),
  'fake-valid-dinersclub-nonce': card('Diners Club', '0004'),
  'fake-consumed-nonce': { ...card('Visa', '1881'), alwaysConsumed: true },
  'fake-paypal-one-time-nonce': wallet('paypal_account', null, null),
  'fake-paypal-billing-agreement-nonce': wallet('paypal_account', null, null),
  'fake-apple-pay-visa-nonce': wallet('apple_pay_card', 'Visa', '1881'),
  'fake-apple-pay-mastercard-nonce': wallet('apple_pay_card', 'MasterCard', '4444'),
  'fake-apple-pay-amex-nonce': wallet('apple_pay_card', 'American Express', '0005'),
  'fake-android-pay-visa-nonce': wallet('android_pay_card', 'Visa', '1881'),
  'fake-android-pay-mastercard-nonce': wallet('android_pay_card', 'MasterCard', '4444'),
  'fake-android-pay-amex-nonce': wallet('android_pay_card', 'American Express', '0005'),
  'fake-android-pay-discover-nonce': wallet('android_pay_card', 'Discover', '0009'),
  'fake-processor-declined-visa-nonce': card('Visa', '0002', { processorDeclined: '2000' }),
  'fake-processor-declined-mastercard-nonce': card('MasterCard', '5100', { processorDeclined: '2000' }),
  'fake-processor-declined-amex-nonce': card('American Express', '1000', { processorDeclined: '2000' }),
  'fake-processor-declined-discover-nonce': card('Discover', '9424', { processorDeclined: '2000' }),
  'fake-processor-failure-jcb-nonce': card('JCB', '0505', { processorFailure: true }),
  'fake-luhn-invalid-nonce': card('Visa', '1112', { validationError: { code: '81715', attribute: 'number', message: 'Credit card number is invalid.' } }),
  'fake-gateway-rejected-fraud-nonce': card('Visa', '1511', { gatewayRejected: 'fraud' }),
  'fake-gateway-rejected-risk-thresholds-nonce': card('Visa', '1511', { gatewayRejected: 'risk_threshold' }),
  'fake-three-d-secure-visa-full-authentication-nonce': threeDs('authenticate_successful', true),
  'fake-three-d-secure-visa-attempts-non-participating-nonce': threeDs('authenticate_attempt_successful', true),
  'fake-three-d-secure-visa-not-enrolled-nonce': threeDs('lookup_not_enrolled', false, false),
  'fake-three-d-secure-visa-bypassed-authentication-nonce': threeDs('authentication_bypassed', false, false),
  'fake-three-d-secure-visa-failed-signature-nonce': threeDs('authenticate_signature_verification_failed'),
  'fake-three-d-secure-visa-failed-authentication-nonce': threeDs('authenticate_failed'),
  'fake-three-d-secure-visa-lookup-timeout-nonce': threeDs('lookup_timeout'),
  'fake-three-d-secure-visa-unavailable-nonce': threeDs('authenticate_unable_to_authenticate'),
  'fake-three-d-secure-visa-mpi-lookup-error-nonce': threeDs('lookup_error'),
  'fake-three-d-secure-visa-mpi-authenticate-error-nonce': threeDs('authenticate_error'),
  'fake-three-d-secure-visa-authentication-unavailable-nonce': threeDs('authentication_unavailable'),
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce': threeDs('authenticate_frictionless_successful', true),
  'fake-three-d-secure-two-visa-successful-step-up-authentication-nonce': threeDs('authenticate_successful', true),
  'fake-three-d-secure-two-visa-error-on-lookup-nonce': threeDs('lookup_error'),
  'fake-three-d-secure-two-visa-timeout-on-lookup-nonce': threeDs('lookup_timeout'),
};

/** Processor response texts (A2.5) for the codes the sandbox can produce. */
export const PROCESSOR_TEXTS: Record<string, string> = {
  '1000': 'Approved',
  '2000': 'Do Not Honor',
  '2001': 'Insufficient Funds',
  '2002': 'Limit Exceeded',
  '2003': "Cardholder's Activity Limit Exceeded",
  '2004': 'Expired Card',
  '2005': 'Invalid Credit Card Number',
  '2006': 'Invalid Expiration Date',
  '2007': 'No Account',
  '2008': 'Card Account Length Error',
  '2009': 'No Such Issuer',
  '2010': 'Card Issuer Declined CVV',
  '2012': 'Processor Declined - Possible Lost Card',
  '2013': 'Processor Declined - Possible Stolen Card',
  '2014': 'Processor Declined - Fraud Suspected',
  '2015': 'Transaction Not Allowed',
  '2016': 'Duplicate Transaction',
  '2038': 'Processor Declined',
  '2046': 'Declined',
  '2047': 'Call Issuer. Pick Up Card',
  '2053': 'Card Reported as Lost or Stolen',
  '2057': 'Issuer or Cardholder has put a restriction on the card',
  '2099': 'Cardholder Authentication Required',
  '3000': 'Processor Network Unavailable - Try Again',
};
export const processorText = (code: string) => PROCESSOR_TEXTS[code] ?? 'Processor Declined';

/** The card brand from the number's prefix (enough for the test cards of A2.2). */
export function cardTypeOf(number: string): string | null {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^(36|38|30[0-5])/.test(number)) return 'Diners Club';
  if (/^(6011|65|64[4-9])/.test(number)) return 'Discover';
  if (/^35/.test(number)) return 'JCB';
  if (/^62/.test(number)) return 'UnionPay';
  if (/^(50|5[6-8]|6)/.test(number)) return 'Maestro';
  return null;
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A2.2 cards that fail verification (vaulting): processor_declined 2000. */
export const FAILS_VERIFICATION = new Set(['4000111111111115', '5105105105105100', '378734493671000', '6011000990139424']);
/** A2.2 fraud indicator card: gateway_rejected fraud. */
export const FRAUD_CARD = '4000111111111511';

/** The test CVV and postal code that the sandbox's AVS/CVV rules reject (A2.4). */
export const CVV_NO_MATCH = '200';
export const POSTAL_CODE_NO_MATCH = '20000';

/** D1 amount bands (pence). */
export type AmountOutcome =
  | { kind: 'authorised' }
  | { kind: 'processor_declined'; code: string }
  | { kind: 'failed'; code: '3000' }
  | { kind: 'gateway_rejected'; reason: 'application_incomplete' };
export function amountOutcome(pence: number, kind: InstrumentKind): AmountOutcome {
  if (pence >= 200_000 && pence <= 299_999) return { kind: 'processor_declined', code: String(Math.floor(pence / 100)) };
  if (pence >= 300_000 && pence <= 300_099) return { kind: 'failed', code: '3000' };
  if (pence === 500_100) return { kind: 'gateway_rejected', reason: 'application_incomplete' };
  if (pence === 500_101 && kind === 'paypal_account') return { kind: 'processor_declined', code: '2038' };
  return { kind: 'authorised' };
}

export type SettlementOutcome = { kind: 'settled' } | { kind: 'settlement_declined'; code: string };

/**
 * What happens at settlement (A2.1, D1): 4001.00–4001.99 is Settlement Declined for a card or a
 * PayPal sale (code = the amount's integer part); everything else that was authorised settles.
 */
export function settlementOutcome(pence: number, kind: InstrumentKind): SettlementOutcome {
  if (pence >= 400_100 && pence <= 400_199 && (kind === 'credit_card' || kind === 'paypal_account')) return { kind: 'settlement_declined', code: String(Math.floor(pence / 100)) };
  return { kind: 'settled' };
}
