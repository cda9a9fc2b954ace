/**
 * The users service's REST contract (README.md): response and request bodies as zod schemas.
 * The routes validate against them and publish them in the OpenAPI document; the gateway can
 * parse responses with them. Request bodies reuse the domain's form schemas
 * (`@shop/domain/accounts`), so a shopper sees the same words whichever side refuses the input.
 */
import { z } from '@hono/zod-openapi';
import {
  EMAIL_FREQUENCIES,
  EMAIL_TOPICS,
  SUBSCRIPTION_STATUSES,
  USER_STATUS_FLAGS,
  changePasswordSchema,
  deleteAccountSchema,
  emailPreferencesSchema,
  expressRegisterSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  subscribeSchema,
  type UserStatus,
} from '@shop/domain/accounts';
import { ProblemSchema } from '@shop/platform';

// ---------------------------------------------------------------------------------------------
// Answers

export const UserStatusSchema = z
  .object(Object.fromEntries(USER_STATUS_FLAGS.map((f) => [f, z.boolean()])) as Record<keyof UserStatus, z.ZodBoolean>)
  .openapi('UserStatus', {
    description:
      'Spec §3 user status flags: DED the email address is confirmed; FBO signs in by Facebook only (no password); tpl has a Google or Facebook login; isFacebook a Facebook login is linked.',
  });

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const UserSchema = z
  .object({
    id: z.number().int(),
    customerToken: z.string().min(10).openapi({ description: 'Spec §9: at least 10 characters. Ties baskets, wishlists and orders to the account.' }),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    vipUser: z.boolean(),
    vipStatus: z.enum(SUBSCRIPTION_STATUSES),
    vipValidUntil: z.string().nullable().openapi({ description: 'When the VIP membership ends (ISO 8601): a year from payment; null when there never was one.', example: '2027-11-30T10:00:00.000Z' }),
    emailVerified: z.boolean(),
    emailSubscribed: z.boolean().openapi({ description: 'The address has a confirmed, not unsubscribed, deals-email subscription.' }),
    status: UserStatusSchema,
    socialLogins: z.array(z.enum(SOCIAL_PROVIDERS)),
    createdAt: z.string().openapi({ description: 'ISO 8601.', example: '2026-11-30T10:00:00.000Z' }),
  })
  .openapi('User');

export const SessionSchema = z
  .object({
    token: z.string().openapi({ description: 'The raw session token (32 random bytes, base64url). Only ever in this answer: the service keeps its SHA-256.' }),
    expiresAt: z.string().openapi({ description: 'Absolute expiry, ISO 8601 (12 hours; 30 days with remember me).', example: '2026-11-30T22:00:00.000Z' }),
    persistent: z.boolean().openapi({ description: 'Remember me: the cookie outlives the browser session.' }),
  })
  .openapi('Session');

export const SessionInfoSchema = SessionSchema.omit({ token: true }).openapi('SessionInfo');

export const SignedInSchema = z.object({ data: z.object({ user: UserSchema, session: SessionSchema }) }).openapi('SignedIn');
export const CurrentSessionSchema = z.object({ data: z.object({ user: UserSchema, session: SessionInfoSchema }) }).openapi('CurrentSession');
export const UserResponseSchema = z.object({ data: UserSchema }).openapi('UserResponse');
export const CustomerTokenCheckSchema = z
  .object({ data: z.object({ valid: z.boolean().openapi({ description: 'The customer token belongs to a live (not anonymised) account.' }) }) })
  .openapi('CustomerTokenCheck');

export const CheckEmailSchema = z
  .object({ data: z.object({ status: z.literal('CHECK_EMAIL'), email: z.string() }) })
  .openapi('CheckEmail', { description: 'The same answer whether or not the address is known: the email says what happens next.' });
export const ResetRequestedSchema = z.object({ data: z.object({ status: z.literal('CHECK_EMAIL') }) }).openapi('ResetRequested');
export const PasswordResetDoneSchema = z.object({ data: z.object({ status: z.literal('PASSWORD_RESET') }) }).openapi('PasswordResetDone');

export const SubscriptionStatusSchema = z
  .object({ data: z.object({ hasPassword: z.boolean(), isLocked: z.boolean(), isRegistered: z.boolean(), tpl: z.boolean() }) })
  .openapi('SubscriptionStatus');

export const ACCOUNT_STATES = ['ACTIVE', 'LOCKED', 'UNCONFIRMED'] as const;
export const AccountStatusSchema = z
  .object({ data: z.object({ status: z.enum(ACCOUNT_STATES), vipStatus: z.enum(SUBSCRIPTION_STATUSES) }) })
  .openapi('AccountStatus');

export const EmailPreferencesSchema = z
  .object({
    email: z.string(),
    subscribed: z.boolean().openapi({ description: 'Confirmed and not unsubscribed.' }),
    confirmed: z.boolean(),
    topics: z.array(z.enum(EMAIL_TOPICS)),
    frequency: z.enum(EMAIL_FREQUENCIES),
    token: z.string().openapi({ description: 'The signed preferences link token (/email/preferences?token=).' }),
  })
  .openapi('EmailPreferences');
export const EmailPreferencesResponseSchema = z.object({ data: EmailPreferencesSchema }).openapi('EmailPreferencesResponse');
export const MyEmailPreferencesSchema = z
  .object({ data: EmailPreferencesSchema.nullable() })
  .openapi('MyEmailPreferences', { description: "The signed-in account's email preferences; null when its address has no subscription (or is not confirmed)." });

export const RateLimitedProblemSchema = ProblemSchema.extend({
  retryAfterSeconds: z.number().int().openapi({ description: 'Also in the Retry-After header.' }),
}).openapi('RateLimitedProblem');

// ---------------------------------------------------------------------------------------------
// Requests. `errors[].field` of a 400 names the field of the domain schema (email, password,
// firstName…), without the REST wrapper (requestRegistration., loginRequest.).

export const RegisterBodySchema = z.strictObject({ requestRegistration: registerSchema }).openapi('RegisterRequest');
export const ExpressRegisterBodySchema = z.strictObject({ requestRegistration: expressRegisterSchema }).openapi('ExpressRegisterRequest');
export const LoginBodySchema = z
  .strictObject({
    loginRequest: z.strictObject({
      j_username: loginSchema.shape.email.meta({ description: 'The email address.' }),
      j_password: loginSchema.shape.password,
    }),
    rememberMe: z.boolean().optional().openapi({ description: 'Remember me: a 30-day session (14 days idle).' }),
  })
  .openapi('LoginRequest');
export const TokenBodySchema = z.strictObject({ token: z.string({ error: 'Required field' }).min(1, { error: 'Required field' }).max(300) }).openapi('LinkToken');
export const LogoutBodySchema = z.strictObject({ everywhere: z.boolean().optional().openapi({ description: 'End every session of the account.' }) }).openapi('LogoutRequest');
export const SubscriptionStatusBodySchema = z
  .strictObject({ requestSubscriptionDetails: z.strictObject({ email: loginSchema.shape.email }) })
  .openapi('SubscriptionStatusRequest');
export const ProfileBodySchema = z.strictObject({ user: profileSchema }).openapi('ProfileRequest');
export const ChangePasswordBodySchema = z.strictObject({ passwordChange: changePasswordSchema }).openapi('ChangePasswordRequest');
// Domain schemas are named with zod's own .meta({ id }) (the .openapi() method exists only on schemas made after @hono/zod-openapi loaded).
export const ResetPasswordBodySchema = resetPasswordSchema.meta({ id: 'ResetPasswordRequest' });
export const SignInLinkBodySchema = forgotPasswordSchema.meta({ id: 'SignInLinkRequest' });
export const AnonymiseBodySchema = deleteAccountSchema.meta({ id: 'AnonymiseRequest' });
export const SubscribeBodySchema = subscribeSchema.meta({ id: 'SubscribeRequest' });
export const EmailPreferencesBodySchema = emailPreferencesSchema.meta({ id: 'EmailPreferencesRequest' });

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const claimText = (max: number) => z.string().max(max);
const claimKey = (max: number) => claimText(max).min(1).refine((v) => !CONTROL.test(v), { error: 'Must not contain control characters.' });
export const SocialClaimsSchema = z
  .strictObject({
    issuer: z.url({ protocol: /^https?$/ }).max(300).refine((v) => !CONTROL.test(v), { error: 'Must not contain control characters.' }).openapi({ description: 'The ID token `iss`, e.g. https://accounts.google.com.' }),
    subject: claimKey(255).openapi({ description: 'The ID token `sub`: with the issuer, the identity key.' }),
    email: loginSchema.shape.email,
    emailVerified: z.boolean().openapi({ description: 'The ID token `email_verified`.' }),
    firstName: claimText(1000).nullable().optional().openapi({ description: 'Kept only when it is a valid name (else dropped).' }),
    lastName: claimText(1000).nullable().optional(),
  })
  .openapi('SocialClaims', { description: 'Claims of an ID token the gateway has verified (openid-client).' });
export const FacebookBodySchema = SocialClaimsSchema.extend({ mode: z.enum(['login', 'register']) }).openapi('FacebookAuthenticate');

export { ProblemSchema };
export type Problem = z.infer<typeof ProblemSchema>;
export type User = z.infer<typeof UserSchema>;
export type Session = z.infer<typeof SessionSchema>;
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export type SignedIn = z.infer<typeof SignedInSchema>;
export type CurrentSession = z.infer<typeof CurrentSessionSchema>;
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;
export type AccountState = (typeof ACCOUNT_STATES)[number];
export type SocialClaims = z.infer<typeof SocialClaimsSchema>;
export type RateLimitedProblem = z.infer<typeof RateLimitedProblemSchema>;

// Staff API keys (store/staff-keys.ts): internal tools only, never a shopper.
const StaffKeyNameSchema = z
  .string({ error: 'Required field' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/, { error: 'Give a name of 1 to 64 letters, digits, dots, dashes, underscores or @, starting with a letter or digit.' })
  .openapi({ description: 'Who or what holds the key (a person or a tool).', example: 'ops-graphiql' });
export const StaffKeyNameBodySchema = z.strictObject({ name: StaffKeyNameSchema }).openapi('StaffKeyName');
export const StaffKeyVerifyBodySchema = z
  .strictObject({ key: z.string({ error: 'Required field' }).min(1, { error: 'Required field' }).max(200).openapi({ description: 'The raw key a caller sent as its bearer token.' }) })
  .openapi('StaffKeyVerifyRequest');
const StaffKeyInfoSchema = z
  .object({
    name: z.string(),
    prefix: z.string().openapi({ description: 'The first 12 characters of the key, to recognise it.', example: 'tds_Xk3v9QaB' }),
    createdAt: z.string().openapi({ description: 'ISO 8601.' }),
    revokedAt: z.string().nullable().openapi({ description: 'ISO 8601; null while the key is live.' }),
  })
  .openapi('StaffKeyInfo');
export const StaffKeyCreatedSchema = z
  .object({ data: StaffKeyInfoSchema.extend({ key: z.string().openapi({ description: 'The key itself: shown in this answer only, never stored.' }) }) })
  .openapi('StaffKeyCreated');
export const StaffKeyResponseSchema = z.object({ data: StaffKeyInfoSchema }).openapi('StaffKeyResponse');
export const StaffKeyListSchema = z.object({ data: z.array(StaffKeyInfoSchema) }).openapi('StaffKeyList');
export const StaffKeyCheckSchema = z
  .object({ data: z.object({ valid: z.boolean().openapi({ description: 'The key is a live (not revoked) staff key.' }), name: z.string().nullable() }) })
  .openapi('StaffKeyCheck');
