import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { AddressListSchema, AddressSchema, FormattedAddressSchema, PostcodeCheckSchema, SuggestionsSchema } from './contract.ts';

const postcodeParam = z.object({
  postcode: z.string().max(1000).openapi({ param: { name: 'postcode', in: 'path' }, description: 'A UK postcode, any case and spacing (G128TD, g12 8td).', example: 'G12 8TD' }),
});
/** The answers every address route can give (401, 413 and 500 in the platform's words). */
const addressErrors = commonErrors({ 400: "VALIDATION_FAILED naming the field: an invalid postcode is 'Enter a valid postcode' naming postcode." });
const notFound = notFoundContent('NOT_FOUND: no address with that key.');

export const byPostcode = createRoute({
  method: 'get',
  path: '/address/postcode/{postcode}',
  operationId: 'addressesAtPostcode',
  tags: ['Addresses'],
  summary: 'Addresses at a postcode',
  description: "Spec §7 /address/postcode/{postcode}. 400 'Enter a valid postcode' naming postcode when it is not a UK postcode; 200 with no addresses when none are known.",
  request: { params: postcodeParam },
  responses: { 200: jsonContent(AddressListSchema, 'The addresses, in street order.'), ...addressErrors },
});

export const autocomplete = createRoute({
  method: 'get',
  path: '/address/autocomplete',
  operationId: 'autocompleteAddress',
  tags: ['Addresses'],
  summary: 'Address suggestions as the shopper types',
  description: 'Spec §7 /address/autocomplete. Every word of the query (any order, any case) must be in the address or its postcode (with or without the space). At most 10.',
  request: {
    query: z.object({
      query: z.string({ error: 'Required field' }).openapi({ param: { name: 'query', in: 'query' }, description: '1 to 100 characters.', example: 'byres road' }),
    }),
  },
  responses: { 200: jsonContent(SuggestionsSchema, 'The suggestions.'), ...addressErrors },
});

export const validatePostcode = createRoute({
  method: 'get',
  path: '/address/validate/postcode/{postcode}',
  operationId: 'validatePostcode',
  tags: ['Postcodes'],
  summary: 'Check a postcode',
  description: "Spec §7 /address/validate/postcode/{postcode}: 200 with the normalised postcode; 400 'Enter a valid postcode' naming postcode.",
  request: { params: postcodeParam },
  responses: { 200: jsonContent(PostcodeCheckSchema, 'A valid UK postcode.'), ...addressErrors },
});

const monikerParam = (name: 'moniker' | 'key') =>
  z.object({ [name]: z.string().max(1000).openapi({ param: { name, in: 'path' }, description: 'The moniker of an address.', example: 'gbkzX5tbw0nSepiX9DPSQLvG' }) }) as z.ZodObject<Record<typeof name, z.ZodString>>;

export const byMoniker = createRoute({
  method: 'get',
  path: '/address/moniker/{moniker}',
  operationId: 'addressByMoniker',
  tags: ['Addresses'],
  summary: 'An address by its moniker',
  description: 'Spec §7 /address/moniker/{moniker}.',
  request: { params: monikerParam('moniker') },
  responses: { 200: jsonContent(AddressSchema, 'The address.'), ...addressErrors, ...notFound },
});

export const format = createRoute({
  method: 'get',
  path: '/address/format/{key}',
  operationId: 'formatAddress',
  tags: ['Addresses'],
  summary: 'An address formatted for an envelope',
  description: 'Spec §7 /address/format/{key}; the key is the moniker.',
  request: { params: monikerParam('key') },
  responses: { 200: jsonContent(FormattedAddressSchema, 'The address with its printed lines.'), ...addressErrors, ...notFound },
});
