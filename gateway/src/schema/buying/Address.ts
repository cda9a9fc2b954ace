/**
 * UK addresses for delivery of goods and gift packs (spec §7 address service): the addresses at
 * a postcode, and suggestions as the shopper types. The postcode is checked first (spec §5
 * 'Enter a valid postcode'); the service's own refusal says the same.
 */
import { BUYING_MESSAGES } from '@shop/domain';
import { isServiceError } from '../../clients/service-error.ts';
import type { AddressData } from '../../clients/address.client.ts';
import type { Resolver } from '../types.ts';
import { AddressQueryInput, check, PostcodeInput } from './inputs.ts';
import { validationError, type ValidationErrorValue } from './results.ts';

/** Suggestions shown as the shopper types. */
export const ADDRESS_SUGGESTIONS_MAX = 10;
/** Fewer characters than this suggest nothing (no call). */
export const ADDRESS_QUERY_MIN = 3;

export function addressOf(a: AddressData) {
  const label = a.label ?? [a.line1, a.line2, `${a.town} ${a.postcode}`].filter(Boolean).join(', ');
  return { moniker: a.moniker, line1: a.line1, line2: a.line2 ?? null, town: a.town, county: a.county ?? null, postcode: a.postcode, label };
}

type LookupResult = { __typename: 'AddressList'; postcode: string; addresses: ReturnType<typeof addressOf>[] } | ValidationErrorValue;

export const addressLookup: Resolver<unknown, { postcode: string }, Promise<LookupResult>> = async (_p, args, ctx) => {
  const parsed = check(PostcodeInput, { postcode: args.postcode });
  if (!parsed.ok) return validationError('postcode', BUYING_MESSAGES.postcode);
  try {
    const found = await ctx.clients.address.byPostcode(parsed.data.postcode);
    return { __typename: 'AddressList', postcode: found.postcode ?? parsed.data.postcode, addresses: found.addresses.map(addressOf) };
  } catch (error) {
    if (isServiceError(error) && error.status === 400) return validationError('postcode', BUYING_MESSAGES.postcode);
    throw error;
  }
};

export const addressSuggestions: Resolver<unknown, { query: string }, Promise<ReturnType<typeof addressOf>[]>> = async (_p, args, ctx) => {
  const parsed = check(AddressQueryInput, { query: args.query });
  if (!parsed.ok || parsed.data.query.length < ADDRESS_QUERY_MIN) return [];
  return (await ctx.clients.address.autocomplete(parsed.data.query, ADDRESS_SUGGESTIONS_MAX)).slice(0, ADDRESS_SUGGESTIONS_MAX).map(addressOf);
};
