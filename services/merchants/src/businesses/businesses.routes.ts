import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, CustomerTokenSchema, jsonContent, notFoundContent } from '@shop/platform';
import { MemberBusinessesSchema, MemberBusinessSchema } from '../contract.ts';

const errors = commonErrors({ 400: 'VALIDATION_FAILED naming customerToken.' });
// The users service's token shape (url-safe characters): a NUL or anything else never reaches the database.
const customerToken = CustomerTokenSchema.openapi({ param: { name: 'customerToken', in: 'query' }, description: "The member's users-service customer token.", example: 'ct-0123456789abcdef' });

export const memberBusinesses = createRoute({
  method: 'get',
  path: '/businesses',
  operationId: 'memberBusinesses',
  tags: ['Businesses'],
  summary: "The businesses an account is a member of, with each one's deal ids",
  description:
    'A merchant user is an account with one or more memberships. Claims a pending ownership of the account\'s confirmed email first. ' +
    'An account with none answers an empty list. dealIds are the business\'s catalogue merchant\'s deals (for redemption).',
  request: { query: z.object({ customerToken }) },
  responses: { 200: jsonContent(MemberBusinessesSchema, 'Its businesses, by name.'), ...errors },
});

export const memberBusiness = createRoute({
  method: 'get',
  path: '/businesses/{id}',
  operationId: 'memberBusiness',
  tags: ['Businesses'],
  summary: "One business of a member, with its deal ids",
  description: 'A business the account is not a member of is the same 404 as an unknown id (it never says whether it exists).',
  request: {
    params: z.object({ id: z.string().max(40).openapi({ param: { name: 'id', in: 'path' }, description: 'The business id.', example: '12' }) }),
    query: z.object({ customerToken }),
  },
  responses: { 200: jsonContent(MemberBusinessSchema, 'The business, the role and its deal ids.'), ...errors, ...notFoundContent('NOT_FOUND: no such business, or not a member of it.') },
});

export const anyBusiness = createRoute({
  method: 'get',
  path: '/staff/businesses/{id}',
  operationId: 'anyBusiness',
  tags: ['Businesses'],
  summary: "Any business, with its deal ids, for the shop's staff",
  description:
    "For the gateway's staff-only field (issue 17 point 7: staff see any business's dashboard); the gateway asks it only for a staff key or a staff person's session. " +
    'The role is answered as staff: the shop\'s staff act as a member of the business\'s staff would. 404 for an unknown or malformed id.',
  request: {
    params: z.object({ id: z.string().max(40).openapi({ param: { name: 'id', in: 'path' }, description: 'The business id.', example: '12' }) }),
  },
  responses: { 200: jsonContent(MemberBusinessSchema, 'The business and its deal ids.'), ...errors, ...notFoundContent('NOT_FOUND: no such business.') },
});
