/**
 * Typed client of the rewards service (services/rewards, the loyalty club): spec §7 GET
 * /reward/details, POST /reward/exchange-points/{value}, POST /reward/bulkPublishEvents, and the
 * points history, parsed with the service's own contract. The customer token is the session's,
 * never the shopper's input. An exchange refusal (422: NOT_ENOUGH_POINTS, LEVEL_TOO_LOW,
 * POINTS_OUT_OF_RANGE) comes back as data with the spec §5 words; anything else throws.
 */
import { ClubActivityResultSchema, ExchangeResultSchema, PointsEventsSchema, RewardDetailsSchema } from '@shop/rewards/contract';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';
import { isServiceError } from './service-error.ts';

export type RewardDetails = z.infer<typeof RewardDetailsSchema>;
export type PointsEventRecord = z.infer<typeof PointsEventsSchema>['events'][number];
export type ExchangeAnswer = z.infer<typeof ExchangeResultSchema>;
export type ExchangeRefusalCode = 'NOT_ENOUGH_POINTS' | 'LEVEL_TOO_LOW' | 'POINTS_OUT_OF_RANGE';
export type ClubActivityInput = { shareDeal: Array<{ dealId: string; publisherSource?: string | null }>; viewDeal: Array<{ dealId: string; locationSite?: string | null }>; downloadToolbar?: boolean };

const REFUSALS = new Set<string>(['NOT_ENOUGH_POINTS', 'LEVEL_TOO_LOW', 'POINTS_OUT_OF_RANGE']);

export interface RewardsClient {
  details(customerToken: string): Promise<RewardDetails>;
  activity(customerToken: string, options: { limit: number; before?: number }): Promise<{ events: PointsEventRecord[]; hasMore: boolean }>;
  exchange(customerToken: string, points: number, ref: string): Promise<{ ok: true; answer: ExchangeAnswer } | { ok: false; code: ExchangeRefusalCode; message: string }>;
  publish(customerToken: string, activity: ClubActivityInput): Promise<z.infer<typeof ClubActivityResultSchema>>;
}

export function createRewardsClient(rest: RestClient): RewardsClient {
  return {
    details: (customerToken) => rest.send('GET', `/reward/details?customerToken=${encodeURIComponent(customerToken)}`, { logPath: '/reward/details?customerToken=…', parser: RewardDetailsSchema }),
    activity: (customerToken, { limit, before }) =>
      rest.send('GET', `/reward/activity?customerToken=${encodeURIComponent(customerToken)}&limit=${limit}${before ? `&before=${before}` : ''}`, { logPath: '/reward/activity?customerToken=…', parser: PointsEventsSchema }),
    async exchange(customerToken, points, ref) {
      try {
        const answer = await rest.post(`/reward/exchange-points/${points}`, { customerToken, ref }, ExchangeResultSchema);
        return { ok: true, answer };
      } catch (error) {
        if (isServiceError(error) && error.status === 422 && REFUSALS.has(error.code)) {
          return { ok: false, code: error.code as ExchangeRefusalCode, message: error.fieldErrors[0]?.message ?? '' };
        }
        throw error;
      }
    },
    publish: (customerToken, activity) => rest.post('/reward/bulkPublishEvents', { customerToken, ...activity }, ClubActivityResultSchema),
  };
}
