import { useRelayEnvironment } from 'react-relay';
import { fetchQuery, graphql } from 'relay-runtime';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from './user-error.ts';
import type { addressLookupQuery } from '../../__generated__/addressLookupQuery.graphql';

/** One address at the postcode; `moniker` picks it, `label` names it in the list. */
export interface FoundAddress {
  moniker: string;
  line1: string;
  line2: string | null;
  town: string;
  county: string | null;
  postcode: string;
  label: string;
}
/** The addresses at a postcode (maybe none), or why not (an invalid postcode). */
export type AddressAnswer = { ok: true; addresses: FoundAddress[] } | ({ ok: false } & AnswerError);

/** UK addresses at a postcode (spec §7 address service). Rejects when the request fails. */
export function useAddressLookup() {
  const environment = useRelayEnvironment();
  return async (postcode: string): Promise<AddressAnswer> => {
    const data = await fetchQuery<addressLookupQuery>(
      environment,
      graphql`
        query addressLookupQuery($postcode: String!) {
          addressLookup(postcode: $postcode) {
            __typename
            ... on AddressList {
              addresses {
                moniker
                line1
                line2
                town
                county
                postcode
                label
              }
            }
            ...UserErrorFields @alias(as: "userError")
          }
        }
      `,
      { postcode },
      { fetchPolicy: 'network-only' },
    ).toPromise();
    if (!data) throw new Error('addressLookup: no answer');
    const result = data.addressLookup;
    if (result.__typename === 'AddressList' && result.addresses) {
      const addresses = result.addresses.map((a) => ({ moniker: a.moniker, line1: a.line1, line2: a.line2 ?? null, town: a.town, county: a.county ?? null, postcode: a.postcode, label: a.label }));
      return { ok: true, addresses };
    }
    return { ok: false, ...(result.userError ? readUserError(result.userError) : UNKNOWN_ERROR) };
  };
}
