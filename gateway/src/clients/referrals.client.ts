/**
 * Typed client of the users service's refer-a-friend routes (services/users/src/referrals, spec §7
 * {user}/raf/status, user/raf/stat/share and user/raf/stat/open), parsed with the service's own
 * contract. The signed-in routes carry the shopper's session token, as the users client does.
 */
import type { z } from 'zod';
import {
  ReferralJoinedSchema,
  ReferralOpenedSchema,
  ReferralPageSchema,
  ReferralSharedSchema,
  ReferralStatusSchema,
  type ReferralData,
  type ReferralStatusData,
} from '@shop/users/referrals/referrals.contract';
import type { RestClient } from './rest-client.ts';

export type { ReferralData, ReferralStatusData };
export type ReferralShareChannel = 'copy' | 'email' | 'whatsapp' | 'twitter' | 'facebook';
type ReferralJoined = z.infer<typeof ReferralJoinedSchema>['data'];

const session = (token: string) => ({ 'x-session-token': token });

export interface ReferralsClient {
  status(sessionToken: string): Promise<ReferralStatusData>;
  referrals(sessionToken: string, page: { limit: number; after?: string }): Promise<{ data: ReferralData[]; nextCursor: string | null }>;
  share(sessionToken: string, channel: ReferralShareChannel): Promise<number>;
  open(code: string): Promise<boolean>;
  join(sessionToken: string, code: string): Promise<ReferralJoined>;
}

export function createReferralsClient(rest: RestClient): ReferralsClient {
  return {
    async status(sessionToken) {
      return (await rest.send('GET', '/user/raf/status?origin=account', { headers: session(sessionToken), parser: ReferralStatusSchema })).data;
    },
    async referrals(sessionToken, page) {
      const query = `limit=${page.limit}${page.after ? `&after=${encodeURIComponent(page.after)}` : ''}`;
      return rest.send('GET', `/user/raf/referrals?${query}`, { headers: session(sessionToken), parser: ReferralPageSchema });
    },
    async share(sessionToken, channel) {
      return (await rest.send('POST', '/user/raf/stat/share', { headers: session(sessionToken), body: { channel }, parser: ReferralSharedSchema })).data.shares;
    },
    async open(code) {
      return (await rest.send('POST', '/user/raf/stat/open', { body: { code }, parser: ReferralOpenedSchema })).data.known;
    },
    async join(sessionToken, code) {
      return (await rest.send('POST', '/user/raf/join', { headers: session(sessionToken), body: { code }, parser: ReferralJoinedSchema })).data;
    },
  };
}
