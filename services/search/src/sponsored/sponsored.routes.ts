import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';

import {
  SponsoredEventsRequestSchema,
  SponsoredEventsResponseSchema,
  SponsoredSessionRequestSchema,
  SponsoredSessionResponseSchema,
} from '../contract.ts';

export const createSession = createRoute({
  method: 'post',
  path: '/sponsored/session',
  operationId: 'createSponsoredSession',
  tags: ['Sponsored'],
  summary: 'Get or create a sponsored-search session',
  description:
    'Spec §4, §7: returns the given sessionId when that session exists, else creates a new session (linked to the customer token when one is given).',
  request: { body: { required: true, content: { 'application/json': { schema: SponsoredSessionRequestSchema } } } },
  responses: {
    200: jsonContent(SponsoredSessionResponseSchema, 'The session (existing or new).'),
    ...commonErrors(),
  },
});

export const recordEvents = createRoute({
  method: 'post',
  path: '/sponsored/events',
  operationId: 'recordSponsoredEvents',
  tags: ['Sponsored'],
  summary: 'Record impressions or clicks of sponsored deals',
  description: 'Spec §7: adIds[i] goes with dealIds[i] (equal lengths, at most 50). Events are append-only.',
  request: { body: { required: true, content: { 'application/json': { schema: SponsoredEventsRequestSchema } } } },
  responses: {
    202: jsonContent(SponsoredEventsResponseSchema, 'The events were recorded.'),
    ...commonErrors(),
    ...notFoundContent('No such session.'),
  },
});
