/** The staff sign-in's REST shapes (staff-people.routes.ts): for the gateway's /staff pages only. */
import { z } from '@hono/zod-openapi';

const TokenSchema = z.string({ error: 'Required field' }).min(1, { error: 'Required field' }).max(200).openapi({ description: 'A staff session token.' });

export const StaffSignInBodySchema = z
  .strictObject({
    email: z.string({ error: 'Required field' }).trim().min(1, { error: 'Required field' }).max(254, { error: 'At most 254 characters.' }).openapi({ example: 'ops@thistledeals.example' }),
    password: z.string({ error: 'Required field' }).min(1, { error: 'Required field' }).max(200, { error: 'At most 200 characters.' }),
  })
  .openapi('StaffSignInRequest');

export const StaffSessionStartedSchema = z
  .object({
    data: z.object({
      token: z.string().openapi({ description: 'The session token: in this answer only (the service keeps its SHA-256).' }),
      name: z.string(),
      email: z.string(),
      expiresAt: z.string().openapi({ description: 'ISO 8601: at most 8 hours from now.' }),
    }),
  })
  .openapi('StaffSessionStarted');

export const StaffSessionTokenBodySchema = z.strictObject({ token: TokenSchema }).openapi('StaffSessionToken');

export const StaffSessionCheckSchema = z
  .object({ data: z.object({ valid: z.boolean(), name: z.string().nullable(), email: z.string().nullable() }) })
  .openapi('StaffSessionCheck');

export const StaffSessionEndedSchema = z.object({ data: z.object({ ended: z.boolean() }) }).openapi('StaffSessionEnded');
