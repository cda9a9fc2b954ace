import { createRoute, jsonContent, problemContent } from '@shop/platform';
import { StaffKeyCheckSchema, StaffKeyCreatedSchema, StaffKeyListSchema, StaffKeyNameBodySchema, StaffKeyResponseSchema, StaffKeyVerifyBodySchema } from '../contract.ts';
import { commonErrors } from '../lib/http.ts';

const body = <T>(schema: T, description: string) => ({ body: { required: true, description, content: { 'application/json': { schema } } } });

export const createKey = createRoute({
  method: 'post',
  path: '/staff-keys',
  operationId: 'createStaffKey',
  tags: ['Staff keys'],
  summary: 'Create a staff API key',
  description:
    'The key is in this answer only (the service keeps its SHA-256 and first 12 characters). A name holds at most one live key: ' +
    '400 naming `name` when it already has one. `npm run staff-key -- create <name>` does the same from the command line.',
  request: body(StaffKeyNameBodySchema, '{ name }.'),
  responses: { 201: jsonContent(StaffKeyCreatedSchema, 'The new key.'), ...commonErrors },
});

export const revokeKey = createRoute({
  method: 'post',
  path: '/staff-keys/revoke',
  operationId: 'revokeStaffKey',
  tags: ['Staff keys'],
  summary: 'Revoke the live staff key of a name',
  description: 'From now on the key is refused (the gateway may still accept it for its short cache, at most 10 seconds). 404 NOT_FOUND when the name has no live key.',
  request: body(StaffKeyNameBodySchema, '{ name }.'),
  responses: { 200: jsonContent(StaffKeyResponseSchema, 'The revoked key.'), 404: problemContent('No live key has this name (code NOT_FOUND).'), ...commonErrors },
});

export const listKeys = createRoute({
  method: 'get',
  path: '/staff-keys',
  operationId: 'listStaffKeys',
  tags: ['Staff keys'],
  summary: 'Every staff key, live and revoked (never the keys themselves)',
  description: 'Name, prefix, when created and when revoked, for every key ever made. `npm run staff-key -- list` prints the same.',
  responses: { 200: jsonContent(StaffKeyListSchema, 'Oldest first.'), ...commonErrors },
});

export const verifyKey = createRoute({
  method: 'post',
  path: '/staff-keys/verify',
  operationId: 'verifyStaffKey',
  tags: ['Staff keys'],
  summary: 'Is this a live staff key?',
  description: 'The gateway asks this for a request carrying `Authorization: Bearer <key>`. Always 200: valid false for an unknown, revoked or malformed key.',
  request: body(StaffKeyVerifyBodySchema, '{ key }.'),
  responses: { 200: jsonContent(StaffKeyCheckSchema, 'The verdict, with the key\'s name when valid.'), ...commonErrors },
});

