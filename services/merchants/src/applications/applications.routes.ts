import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import { ApplicationBodySchema, ApplicationSchema, ApprovedSchema, ApproveBodySchema, RejectBodySchema, SubmittedSchema } from '../contract.ts';

const errors = commonErrors({ 400: 'VALIDATION_FAILED: errors[] names each field in plain words (phone: "Enter a valid UK phone number", postcode: "Enter a valid postcode", email: "Enter a valid email", …); an unknown key is named with "Unknown field.".' });
const idParam = z.object({ id: z.string().max(40).openapi({ param: { name: 'id', in: 'path' }, description: 'The application id.', example: '41' }) });
const notFound = notFoundContent('NOT_FOUND: no application with that id.');
const json = <T extends z.ZodType>(schema: T, description: string) => ({ body: { required: true, description, content: { 'application/json': { schema } } } });

export const submitApplication = createRoute({
  method: 'post',
  path: '/applications',
  operationId: 'submitMerchantApplication',
  tags: ['Applications'],
  summary: 'Apply to become a merchant',
  description:
    'The "Become a merchant" form (spec §1, §6). Makes a pending application and emails the applicant a confirmation, in one transaction. ' +
    'An email that already has a pending application answers that one (200, created false): no second row, no second mail.',
  request: json(ApplicationBodySchema, 'The application.'),
  responses: {
    201: jsonContent(SubmittedSchema, 'The new pending application.'),
    200: jsonContent(SubmittedSchema, 'This email already had a pending application: that one.'),
    429: problemContent('RATE_LIMITED: too many applications from this client address (x-client-ip, set by the gateway) or for this email this hour; retryAfterSeconds and Retry-After say when to try again.'),
    ...errors,
  },
});

export const listApplications = createRoute({
  method: 'get',
  path: '/applications',
  operationId: 'listMerchantApplications',
  tags: ['Applications'],
  summary: 'Applications by status (staff)',
  description: 'The applications with this status, oldest first (the order staff decide them in), at most `first` (default 50, at most 200).',
  request: {
    query: z.object({
      status: z.enum(['pending', 'approved', 'rejected'], { error: 'Choose pending, approved or rejected' }).openapi({ param: { name: 'status', in: 'query' }, example: 'pending' }),
      first: z.coerce
        .number({ error: 'A whole number from 1 to 200.' })
        .int({ error: 'A whole number from 1 to 200.' })
        .min(1, { error: 'A whole number from 1 to 200.' })
        .max(200, { error: 'A whole number from 1 to 200.' })
        .optional()
        .openapi({ param: { name: 'first', in: 'query' }, example: 50 }),
    }),
  },
  responses: { 200: jsonContent(z.object({ applications: z.array(ApplicationSchema) }).openapi('MerchantApplicationList'), 'The applications, oldest first.'), ...errors },
});

export const getApplication = createRoute({
  method: 'get',
  path: '/applications/{id}',
  operationId: 'getMerchantApplication',
  tags: ['Applications'],
  summary: 'An application (staff)',
  description: 'An application with its status and decision.',
  request: { params: idParam },
  responses: { 200: jsonContent(ApplicationSchema, 'The application.'), ...errors, ...notFound },
});

export const approveApplication = createRoute({
  method: 'post',
  path: '/applications/{id}/approve',
  operationId: 'approveMerchantApplication',
  tags: ['Applications'],
  summary: 'Approve an application (staff)',
  description:
    "A staff operation (actorRef names the person). Makes the business and its owner — the applicant's confirmed account found by email, or a pending owner " +
    'made a member once an account with that email is confirmed — and emails the applicant. A conditional update of the status decides: two approvals at once make one business; ' +
    'the later answers 200 with created false.',
  request: { params: idParam, ...json(ApproveBodySchema, 'Who approves, and the commission.') },
  responses: {
    201: jsonContent(ApprovedSchema, 'Approved now: the business.'),
    200: jsonContent(ApprovedSchema, 'It was already approved: the business it made.'),
    409: problemContent('APPLICATION_DECIDED: it was rejected.'),
    ...errors,
    ...notFound,
  },
});

export const rejectApplication = createRoute({
  method: 'post',
  path: '/applications/{id}/reject',
  operationId: 'rejectMerchantApplication',
  tags: ['Applications'],
  summary: 'Reject an application (staff)',
  description: 'A staff operation (actorRef names the person): the reason is kept and emailed to the applicant. Already rejected: answered as it is.',
  request: { params: idParam, ...json(RejectBodySchema, 'Who rejects, and why.') },
  responses: {
    200: jsonContent(z.object({ created: z.boolean(), application: ApplicationSchema }).openapi('MerchantApplicationRejected'), 'Rejected (created false: it already was).'),
    409: problemContent('APPLICATION_DECIDED: it was approved.'),
    ...errors,
    ...notFound,
  },
});
