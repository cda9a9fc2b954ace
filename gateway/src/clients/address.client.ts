/**
 * Typed client of the address service (services/address, spec §7): GET /address/postcode/{postcode}
 * (the addresses at a postcode) and GET /address/autocomplete?query= (suggestions as the shopper
 * types). A postcode the service refuses answers its 400 problem ('Enter a valid postcode').
 */
import { z } from 'zod';
import { parse, problemError } from './basket.client.ts';
import type { RestClient } from './rest-client.ts';
import { ServiceError } from './service-error.ts';

export const AddressSchema = z.object({
  moniker: z.string(),
  line1: z.string(),
  line2: z.string().nullish(),
  town: z.string(),
  county: z.string().nullish(),
  postcode: z.string(),
  label: z.string().nullish(),
});
export type AddressData = z.infer<typeof AddressSchema>;

const AddressListSchema = z
  .union([
    z.object({ data: z.object({ postcode: z.string().nullish(), addresses: z.array(AddressSchema) }) }),
    z.object({ postcode: z.string().nullish(), addresses: z.array(AddressSchema) }),
    z.object({ data: z.array(AddressSchema) }),
    z.array(AddressSchema),
  ])
  .transform((v) => {
    if (Array.isArray(v)) return { postcode: null, addresses: v };
    if ('data' in v) return Array.isArray(v.data) ? { postcode: null, addresses: v.data } : { postcode: v.data.postcode ?? null, addresses: v.data.addresses };
    return { postcode: v.postcode ?? null, addresses: v.addresses };
  });

export interface AddressClient {
  /** The addresses at a postcode (an empty list when none); a refused postcode is a ServiceError 400 with its field error. */
  byPostcode(postcode: string): Promise<{ postcode: string | null; addresses: AddressData[] }>;
  /** At most `limit` suggestions (the service answers at most 10). */
  autocomplete(query: string, limit: number): Promise<AddressData[]>;
}

export function createAddressClient(rest: RestClient): AddressClient {
  return {
    async byPostcode(postcode) {
      const logPath = '/address/postcode/{postcode}';
      const res = await rest.raw('GET', `/address/postcode/${encodeURIComponent(postcode)}`, { logPath });
      if (res.status === 404) return { postcode: null, addresses: [] };
      if (res.status === 400) throw problemError('GET', logPath, 400, res.body, 'address');
      if (res.status !== 200) throw problemError('GET', logPath, res.status, res.body, 'address');
      return parse(AddressListSchema, res.body, 'GET', logPath, 200, 'address');
    },
    async autocomplete(query, limit) {
      const logPath = '/address/autocomplete';
      const res = await rest.raw('GET', `/address/autocomplete?query=${encodeURIComponent(query)}`, { logPath });
      if (res.status === 400) return [];
      if (res.status !== 200) throw new ServiceError('address', res.status, res.status >= 500 ? 'INTERNAL' : `HTTP_${res.status}`, { detail: `GET ${logPath}` });
      return parse(AddressListSchema, res.body, 'GET', logPath, 200, 'address').addresses.slice(0, limit);
    },
  };
}
