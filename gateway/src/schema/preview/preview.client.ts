/**
 * Typed client of the deals service's preview routes (services/deals/src/preview): GET
 * /preview-deal/{id} (spec §7) and GET /preview-deals?merchantIds=. Answers are parsed with the
 * service's own contract.
 */
import { DealPreviewSchema, DealPreviewsSchema, type DealPreview } from '@shop/deals/preview/preview.routes';
import type { RestClient } from '../../clients/rest-client.ts';

export type DealPreviewData = DealPreview;

export interface DealPreviewClient {
  /** The deal, live or not yet, with its status; null when there is no such deal. */
  preview(dealId: number): Promise<DealPreviewData | null>;
  /** The catalogue merchants' deals that are not live yet. */
  upcoming(merchantIds: number[]): Promise<DealPreviewData[]>;
}

export function createDealPreviewClient(rest: RestClient): DealPreviewClient {
  return {
    preview: (dealId) => rest.get(`/preview-deal/${dealId}`, DealPreviewSchema, { nullOn404: true }),
    async upcoming(merchantIds) {
      if (merchantIds.length === 0) return [];
      return (await rest.get(`/preview-deals?${new URLSearchParams({ merchantIds: merchantIds.join(',') })}`, DealPreviewsSchema)).previews;
    },
  };
}
