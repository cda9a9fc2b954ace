/**
 * Mutation.dealFilterValidate: checks a deals-list filter (price bounds in pence, sort) for the
 * category filter form. A bad value is the shopper's to fix, so it comes back as data
 * (ValidationError naming the field), never as a top-level GraphQL error.
 */
import type { DealFilterParent, DealSortEnum } from '../mappers.ts';
import { validationError, type ValidationErrorValue } from '../user-errors.ts';

/** £100,000 in pence: far above any deal, low enough to stay a safe integer everywhere. */
export const MAX_FILTER_PRICE = 10_000_000;

export interface DealFilterValidateInput {
  minPrice?: number | null;
  maxPrice?: number | null;
  sort?: DealSortEnum | null;
}


export function validateDealFilter(input: DealFilterValidateInput): DealFilterParent | ValidationErrorValue {
  const minPrice = input.minPrice ?? null;
  const maxPrice = input.maxPrice ?? null;
  for (const [field, value] of [['minPrice', minPrice], ['maxPrice', maxPrice]] as const) {
    if (value !== null && (value < 0 || value > MAX_FILTER_PRICE)) {
      return validationError(field, `${field === 'minPrice' ? 'Minimum' : 'Maximum'} price must be between £0 and £100,000.`);
    }
  }
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    return validationError('maxPrice', 'Maximum price must be the same as or more than the minimum price.');
  }
  return { __typename: 'DealFilter', minPrice, maxPrice, sort: input.sort ?? 'POPULARITY' };
}

export const dealFilterValidate = (_p: unknown, { input }: { input: DealFilterValidateInput }) => validateDealFilter(input);
