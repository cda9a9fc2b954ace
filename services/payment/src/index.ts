export * from './contract.ts';
export { createPayments, InvalidChargeError, type Payments, type PaymentsOptions } from './payments.ts';
export { braintreeProvider, type BraintreeProvider, type BraintreeProviderOptions } from './providers/braintree.ts';
export { migratePayment, paymentMigrations, PAYMENT_SCHEMA, type PaymentDb, type PaymentDatabase } from './db/database.ts';
export type { SavedInstrument } from './instruments.ts';
export { CircuitBreaker, BREAKER_THRESHOLD, BREAKER_COOL_DOWN_MS, type BreakerState } from './breaker.ts';
export { createBraintreeSandbox, type BraintreeSandbox, type BraintreeTransaction } from './sandbox/braintree/app.ts';
export { FAULT_HEADER, FAULT_MODES, type Fault, type FaultMode, type SandboxOptions } from './sandbox/common.ts';
