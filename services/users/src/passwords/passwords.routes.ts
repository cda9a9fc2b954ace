import { z } from '@hono/zod-openapi';
import { createRoute, jsonContent } from '@shop/platform';
import { forgotPasswordSchema } from '@shop/domain/accounts';
import { PasswordResetDoneSchema, ResetPasswordBodySchema, ResetRequestedSchema } from '../contract.ts';
import { commonErrors } from '../lib/http.ts';

export const resetRequest = createRoute({
  method: 'post',
  path: '/user/{email}/password_reset_request',
  operationId: 'requestPasswordReset',
  tags: ['Passwords'],
  summary: 'Email a password reset link (forgot password)',
  description:
    'Spec §7. Always 202 with the same body and timing: a registered address gets a link (PUBLIC_BASE_URL/reset-password?token=, single use, 30 minutes) that voids every older one; ' +
    'an unknown address gets nothing. The account is not changed until the link is used. Rate-limited per client address and per (email, client address).',
  request: {
    params: z.object({
      email: forgotPasswordSchema.shape.email.meta({ param: { name: 'email', in: 'path' }, description: 'The email address (URL-encoded).', example: 'ann@example.com' }),
    }),
  },
  responses: { 202: jsonContent(ResetRequestedSchema, 'Check your email.'), ...commonErrors },
});

const resetBody = { body: { required: true, description: 'The token of the link and the new password twice (domain resetPasswordSchema).', content: { 'application/json': { schema: ResetPasswordBodySchema } } } };

export const reset = createRoute({
  method: 'post',
  path: '/user/password_reset',
  operationId: 'resetPassword',
  tags: ['Passwords'],
  summary: 'Choose a new password from a reset link',
  description:
    'Spec §5 second reading for the new password (400 lists every failing rule). Unlocks the account, confirms its address, ends every session and voids other links; ' +
    'does NOT sign in. 400 INVALID_LINK for an unknown, used, voided or expired link.',
  request: resetBody,
  responses: { 200: jsonContent(PasswordResetDoneSchema, 'Password changed: sign in with it.'), ...commonErrors },
});

export const activate = createRoute({
  method: 'post',
  path: '/user/password_activate',
  operationId: 'activatePassword',
  tags: ['Passwords'],
  summary: 'Choose the first password of an express account',
  description: 'As /user/password_reset, with the link of an express registration (PUBLIC_BASE_URL/activate-account?token=).',
  request: resetBody,
  responses: { 200: jsonContent(PasswordResetDoneSchema, 'Password set: sign in with it.'), ...commonErrors },
});
