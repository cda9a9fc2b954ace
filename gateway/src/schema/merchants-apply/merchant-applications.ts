/**
 * "Become a merchant" (issue 17 point 1) and its decision by staff (point 7), over the merchants
 * service's applications (clients/merchant-applications.client.ts).
 *
 * - applyAsMerchant, signed in or not: the form's fields to POST /applications. A new application
 *   and an email that already had one pending get the same answer (the service sends no second
 *   mail), so the form tells nobody whether an address has applied; a 400 is FormErrors naming
 *   the form's fields in the service's words (domain/src/merchants.ts MERCHANT_MESSAGES).
 * - merchantApplications, approveMerchantApplication, rejectMerchantApplication: staff only. The
 *   staff-fields plugin (security/staff-fields.ts) refuses them to anyone without a staff key
 *   before they run; each resolver checks again and names the key as the decision's actorRef.
 */
import { messageFor } from '@shop/domain';
import { MERCHANT_CITIES, MERCHANT_TYPES, type MerchantCity, type MerchantType } from '@shop/domain/merchants';
import type { MerchantApplicationData, MerchantApplicationRequest } from '../../clients/merchant-applications.client.ts';
import type { GatewayContext } from '../../context.ts';
import type {
  MerchantApplication,
  MerchantApplicationInput,
  MerchantApplicationStatus,
  MerchantCity as MerchantCityEnum,
  MerchantType as MerchantTypeEnum,
} from '../__generated__/resolvers.ts';
import { byTypename } from '../mappers.ts';
import { formErrors, notFound, problemOf, rateLimited, validationError, type FormErrorsValue, type NotFoundErrorValue, type RateLimitedErrorValue, type ValidationErrorValue } from '../user-errors.ts';
import { staffOnly } from '../../security/staff-fields.ts';

/** The answer to every accepted application, new or not. */
export const APPLICATION_RECEIVED = 'Thanks — check your email';

const FORM_FIELDS = new Set<string>(['businessName', 'contactName', 'email', 'phone', 'addressLine', 'postcode', 'category', 'city', 'type']);

const cityOf = (value: MerchantCityEnum): MerchantCity => MERCHANT_CITIES.find((c) => c.toUpperCase() === value)!;
const typeOf = (value: MerchantTypeEnum): MerchantType => MERCHANT_TYPES.find((t) => t.toUpperCase() === value)!;

/** The service's field errors under the form's field names (anything else names the whole input). */
function applicationFieldErrors(errors: readonly { field: string; message: string }[]): ValidationErrorValue[] {
  return errors.map(({ field, message }) => validationError(FORM_FIELDS.has(field) ? field : 'input', message));
}

export async function applyAsMerchant(_p: unknown, { input }: { input: MerchantApplicationInput }, ctx: GatewayContext): Promise<{ __typename: 'MerchantApplicationReceived'; message: string } | FormErrorsValue | RateLimitedErrorValue> {
  const request: MerchantApplicationRequest = { ...input, city: cityOf(input.city), type: typeOf(input.type) };
  try {
    // 201 new or 200 already pending: the same words either way (never which).
    await ctx.clients.merchantApplications.submit(request);
    return { __typename: 'MerchantApplicationReceived', message: APPLICATION_RECEIVED };
  } catch (error) {
    const problem = problemOf(error, ['merchants']);
    if (problem?.status === 400) {
      const fields = applicationFieldErrors(problem.errors ?? []);
      return formErrors(fields.length ? fields : [validationError('input', messageFor('VALIDATION_FAILED'))]);
    }
    // Too many from this address or for this email this hour (the form mails the address typed).
    if (problem?.status === 429) return rateLimited(problem.retryAfterSeconds ?? 3600);
    throw error;
  }
}

const applicationOut = (a: MerchantApplicationData): MerchantApplication => ({
  ...a,
  id: String(a.id),
  status: a.status.toUpperCase() as MerchantApplicationStatus,
  city: a.city.toUpperCase() as MerchantCityEnum,
  type: a.type.toUpperCase() as MerchantTypeEnum,
  businessId: a.businessId === null ? null : String(a.businessId),
});

export async function merchantApplications(_p: unknown, { status }: { status: MerchantApplicationStatus }, ctx: GatewayContext): Promise<MerchantApplication[]> {
  await staffOnly(ctx);
  const list = await ctx.clients.merchantApplications.list(status.toLowerCase() as MerchantApplicationData['status']);
  return list.map(applicationOut);
}

type Decision = { __typename: 'MerchantApplicationDecision'; application: MerchantApplication; changed: boolean } | NotFoundErrorValue | ValidationErrorValue;

async function decide(run: () => Promise<{ created: boolean; application: MerchantApplicationData } | null>): Promise<Decision> {
  try {
    const answer = await run();
    if (!answer) return notFound();
    return { __typename: 'MerchantApplicationDecision', application: applicationOut(answer.application), changed: answer.created };
  } catch (error) {
    const problem = problemOf(error, ['merchants']);
    if (problem?.code === 'APPLICATION_DECIDED') return validationError('id', messageFor('APPLICATION_DECIDED'), 'APPLICATION_DECIDED');
    if (problem?.status === 400) {
      const first = problem.errors?.find((e) => e.field === 'reason');
      if (first) return validationError('reason', first.message);
    }
    throw error;
  }
}

export async function approveMerchantApplication(_p: unknown, { id }: { id: string }, ctx: GatewayContext): Promise<Decision> {
  const actorRef = await staffOnly(ctx);
  return decide(() => ctx.clients.merchantApplications.approve(id, actorRef));
}

export async function rejectMerchantApplication(_p: unknown, { id, reason }: { id: string; reason: string }, ctx: GatewayContext): Promise<Decision> {
  const actorRef = await staffOnly(ctx);
  return decide(() => ctx.clients.merchantApplications.reject(id, actorRef, reason));
}

export const merchantsApplyQuery = { merchantApplications };
export const merchantsApplyMutation = { applyAsMerchant, approveMerchantApplication, rejectMerchantApplication };
export const merchantsApplyTypes = {
  ApplyAsMerchantResult: { __resolveType: byTypename },
  MerchantApplicationDecisionResult: { __resolveType: byTypename },
};
