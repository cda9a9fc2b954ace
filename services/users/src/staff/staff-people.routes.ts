import { createRoute, jsonContent, problemContent } from '@shop/platform';
import { commonErrors } from '../lib/http.ts';
import { StaffSessionCheckSchema, StaffSessionEndedSchema, StaffSessionStartedSchema, StaffSessionTokenBodySchema, StaffSignInBodySchema } from './staff-people.contract.ts';

const body = <T>(schema: T, description: string) => ({ body: { required: true, description, content: { 'application/json': { schema } } } });

export const startSession = createRoute({
  method: 'post',
  path: '/staff-sessions',
  operationId: 'startStaffSession',
  tags: ['Staff people'],
  summary: "A staff person signs in (the gateway's /staff/sign-in)",
  description:
    'Email and password of a live staff person (added by `npm run staff-key -- add-person`). 201 a staff session token (8 hours at most), never a shopper session. ' +
    '401 INVALID_CREDENTIALS for an unknown email and a wrong password alike (same status, body and timing); failures are throttled per email and per client address as shopper sign-ins are (429 SIGN_IN_THROTTLED).',
  request: body(StaffSignInBodySchema, '{ email, password }.'),
  responses: {
    201: jsonContent(StaffSessionStartedSchema, 'Signed in.'),
    ...commonErrors,
    401: problemContent('INVALID_CREDENTIALS: no live staff person with this email and password (or UNAUTHORISED: the service token).'),
  },
});

export const verifySession = createRoute({
  method: 'post',
  path: '/staff-sessions/verify',
  operationId: 'verifyStaffSession',
  tags: ['Staff people'],
  summary: 'Is this a live staff session?',
  description: 'The gateway asks this for a request carrying the staff session cookie. Always 200: valid false for an unknown, ended, expired or malformed token, or one of a removed person.',
  request: body(StaffSessionTokenBodySchema, '{ token }.'),
  responses: { 200: jsonContent(StaffSessionCheckSchema, 'The verdict, with the person when valid.'), ...commonErrors },
});

export const endSession = createRoute({
  method: 'post',
  path: '/staff-sessions/end',
  operationId: 'endStaffSession',
  tags: ['Staff people'],
  summary: 'A staff person signs out',
  description: 'Ends the session now. Always 200; ended false when it was not live.',
  request: body(StaffSessionTokenBodySchema, '{ token }.'),
  responses: { 200: jsonContent(StaffSessionEndedSchema, 'Done.'), ...commonErrors },
});
