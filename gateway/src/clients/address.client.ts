/**
 * Typed client of the address service (services/address, spec §7): GET /address/postcode/{postcode}
 * (the addresses at a postcode) and GET /address/autocomplete?query= (suggestions as the shopper
 * types), parsed with the service's own contract. A postcode the service refuses answers its 400
 * problem ('Enter a valid postcode').
 */
import { AddressListSchema, SuggestionsSchema, type AddressResponse } from '@shop/address/contract';
import type { RestClient } from './rest-client.ts';
import { isServiceError } from './service-error.ts';

export type AddressData = AddressResponse;

export interface AddressClient {
  /** The addresses at a postcode (an empty list when none); a refused postcode is a ServiceError 400 with its field error. */
  byPostcode(postcode: string): Promise<{ postcode: string | null; addresses: AddressData[] }>;
  /** At most `limit` suggestions (the service answers at most 10). */
  autocomplete(query: string, limit: number): Promise<AddressData[]>;
}

export function createAddressClient(rest: RestClient): AddressClient {
  return {
    async byPostcode(postcode) {
      const answer = await rest.send('GET', `/address/postcode/${encodeURIComponent(postcode)}`, { logPath: '/address/postcode/{postcode}', parser: AddressListSchema, nullOn404: true });
      return answer ?? { postcode: null, addresses: [] };
    },
    async autocomplete(query, limit) {
      try {
        const answer = await rest.send('GET', `/address/autocomplete?query=${encodeURIComponent(query)}`, { logPath: '/address/autocomplete', parser: SuggestionsSchema });
        return answer.addresses.slice(0, limit);
      } catch (error) {
        // A query the service will not search (too short, not text) has no suggestions.
        if (isServiceError(error) && error.status === 400) return [];
        throw error;
      }
    },
  };
}
