/** The payment methods' names as a shopper reads them (the payment step, the express buttons, an order's "Paid:"). */
export const LABEL: Record<string, string> = {
  CREDIT_CARD: 'Debit or credit card',
  PAYPAL: 'PayPal',
  PAYPAL_CREDIT: 'PayPal Credit',
  GOOGLE_PAY: 'Google Pay',
  APPLE_PAY: 'Apple Pay',
  KLARNA: 'Klarna',
  CLEARPAY: 'Clearpay',
};
