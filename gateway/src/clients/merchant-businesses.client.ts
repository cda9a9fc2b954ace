/**
 * The merchants service's businesses of a member (services/merchants README), for the merchant's
 * screens (issue 17):
 *
 * - GET /businesses?customerToken= : the account's businesses with the role and each one's deal
 *   ids (empty for a shopper);
 * - GET /businesses/{id}?customerToken= : one of them; not a member, unknown or malformed: the
 *   same 404, so null here;
 * - GET /merchant-dashboard-url?merchantType= (spec §7);
 * - GET /staff/businesses/{id}: any business, for a staff caller (the staff-only Query.merchantBusiness).
 *
 * The customer token is in the query: the logged path hides it.
 */
import { DashboardUrlSchema, MemberBusinessesSchema, MemberBusinessSchema } from '@shop/merchants/contract';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';

export type MemberBusinessData = z.infer<typeof MemberBusinessSchema>;

export interface MerchantBusinessesClient {
  businessesOf(customerToken: string): Promise<MemberBusinessData[]>;
  /** The member's business; null for one they are not a member of, an unknown and a malformed id alike. */
  businessOf(customerToken: string, businessId: string): Promise<MemberBusinessData | null>;
  dashboardUrl(merchantType: 'local' | 'shop' | 'travel'): Promise<string>;
  /** Any business, for the shop's staff only (the caller checks staff first); null for an unknown or malformed id. */
  anyBusiness(businessId: string): Promise<MemberBusinessData | null>;
}

export function createMerchantBusinessesClient(rest: RestClient): MerchantBusinessesClient {
  return {
    async businessesOf(customerToken) {
      const path = `/businesses?${new URLSearchParams({ customerToken })}`;
      return (await rest.send('GET', path, { logPath: '/businesses?customerToken=…', parser: MemberBusinessesSchema })).businesses;
    },
    async businessOf(customerToken, businessId) {
      const path = `/businesses/${encodeURIComponent(businessId)}?${new URLSearchParams({ customerToken })}`;
      return rest.send('GET', path, { logPath: `/businesses/${encodeURIComponent(businessId)}?customerToken=…`, parser: MemberBusinessSchema, nullOn404: true });
    },
    async anyBusiness(businessId) {
      return rest.send('GET', `/staff/businesses/${encodeURIComponent(businessId)}`, { parser: MemberBusinessSchema, nullOn404: true });
    },
    async dashboardUrl(merchantType) {
      return (await rest.send('GET', `/merchant-dashboard-url?${new URLSearchParams({ merchantType })}`, { parser: DashboardUrlSchema })).url;
    },
  };
}
