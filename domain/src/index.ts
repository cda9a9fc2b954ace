export * from './money.ts';
export * from './error-codes.ts';
export * from './catalogue.ts';
export * from './paths.ts';
export * from './deal-pricing.ts';
