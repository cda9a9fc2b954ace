/** The address service's REST contract (README.md): answers as zod schemas. */
import { z } from '@hono/zod-openapi';

export const AddressSchema = z
  .object({
    moniker: z.string().openapi({ description: 'The stable key of the address (/address/moniker/{moniker}, /address/format/{key}).', example: 'gbkzX5tbw0nSepiX9DPSQLvG' }),
    line1: z.string().openapi({ example: 'Flat 1/2' }),
    line2: z.string().nullable().openapi({ example: '8 Byres Road' }),
    town: z.string().openapi({ example: 'Glasgow' }),
    county: z.string().nullable().openapi({ example: 'Glasgow City' }),
    postcode: z.string().openapi({ description: 'Normalised: upper case, one space.', example: 'G12 8TD' }),
    label: z.string().openapi({ description: 'One line for lists.', example: 'Flat 1/2, 8 Byres Road, Glasgow G12 8TD' }),
  })
  .openapi('Address');

export const AddressListSchema = z
  .object({ postcode: z.string().openapi({ example: 'G12 8TD' }), addresses: z.array(AddressSchema) })
  .openapi('AddressList', { description: 'Addresses at a postcode; empty when the postcode is valid but none are known.' });

export const SuggestionsSchema = z
  .object({ query: z.string(), addresses: z.array(AddressSchema).openapi({ description: 'At most 10, by postcode and house number.' }) })
  .openapi('AddressSuggestions');

export const PostcodeCheckSchema = z
  .object({
    valid: z.literal(true),
    postcode: z.string().openapi({ example: 'EH1 1AA' }),
    outcode: z.string().openapi({ example: 'EH1' }),
    known: z.boolean().openapi({ description: 'Addresses at this postcode are in the table.' }),
  })
  .openapi('PostcodeCheck');

export const FormattedAddressSchema = AddressSchema.extend({
  lines: z.array(z.string()).openapi({ description: 'As printed on an envelope: premise, street, TOWN, postcode.', example: ['Flat 1/2', '8 Byres Road', 'GLASGOW', 'G12 8TD'] }),
}).openapi('FormattedAddress');

export type AddressResponse = z.infer<typeof AddressSchema>;
