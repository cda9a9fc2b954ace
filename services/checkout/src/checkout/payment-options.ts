/**
 * Which payment methods this checkout offers (spec §5, §6): domain/src/payment-availability.ts
 * with what the server knows. The device (Apple Pay) and browser (Google Pay) rules are the
 * browser's to apply: the server offers those methods as far as its own rules go.
 */
import type { PaymentMethod } from '@shop/domain/buying';
import { isMethodAvailable, paymentOptions as domainPaymentOptions, type PaymentContext, type PaymentOption } from '@shop/domain/payment-availability';

export type { PaymentOption };

export interface PaymentOptionsInput {
  guest: boolean;
  /** What is left to pay by the method (pence). */
  cashAmount: number;
  highFraudRisk: boolean;
  subcategoryIds: number[];
  hasSavedInstruments: boolean;
}

function context(input: PaymentOptionsInput): PaymentContext {
  return {
    total: input.cashAmount,
    isGuest: input.guest,
    highFraudRisk: input.highFraudRisk,
    subcategoryIds: input.subcategoryIds,
    hasSavedInstruments: input.hasSavedInstruments,
    device: { applePay: true },
    browser: { samsung: false, ie: false },
    currency: 'GBP',
  };
}

export const paymentOptions = (input: PaymentOptionsInput): PaymentOption[] => domainPaymentOptions(context(input));
export const methodAvailable = (input: PaymentOptionsInput, method: PaymentMethod): boolean => isMethodAvailable(method, context(input));
