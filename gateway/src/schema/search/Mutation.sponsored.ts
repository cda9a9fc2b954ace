/**
 * Sponsored search (spec §4, §7): the session, and impression and click events.
 *
 * What the shopper (or the client) sent wrong comes back as data: a ValidationError naming the
 * field, a NotFoundError for a session the service does not know. A service outage is a masked
 * top-level error; the client logs it and treats the call as false (spec §8: sponsored-search
 * failures are logged and return false).
 */
import { messageFor } from '@shop/domain';
import { MAX_SPONSORED_EVENTS } from '@shop/search/contract';
import { isServiceError } from '../../clients/service-error.ts';
import { fromGlobalId, parseNumericId } from '../../relay/global-id.ts';
import type { GatewayContext } from '../../context.ts';
import { notFound, validationError, type ValidationErrorValue } from '../user-errors.ts';

/** A session id as the service issues them: a UUID. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The service's ad ids: positive 32-bit integers. */
const AD_ID_MAX = 2_147_483_647;


/** A 400 from the service: the field it names (when plain), else the input's. */
function fromServiceValidation(error: unknown, fallbackField: string): ValidationErrorValue | null {
  if (!isServiceError(error) || error.status !== 400) return null;
  const field = error.fieldErrors[0]?.field;
  return validationError(field && /^[A-Za-z]{1,40}$/.test(field) ? field : fallbackField, messageFor('VALIDATION_FAILED'));
}

export const sponsoredSession = async (_p: unknown, { input }: { input: { sessionId?: string | null } }, ctx: GatewayContext) => {
  const sessionId = input.sessionId ?? null;
  if (sessionId !== null && !SESSION_ID.test(sessionId)) return validationError('sessionId', 'The sponsored session id is not valid.');
  try {
    const id = await ctx.clients.search.sponsoredSession({ customerToken: await ctx.customerToken(), sessionId });
    return { __typename: 'SponsoredSession' as const, sessionId: id };
  } catch (error) {
    const userError = fromServiceValidation(error, 'sessionId');
    if (userError) return userError;
    throw error;
  }
};

export interface RecordSponsoredEventsInput {
  type: 'CLICK' | 'IMPRESSION';
  sessionId: string;
  adIds: string[];
  dealIds: string[];
}

/** A numeric deal id, or the key of a Deal global id; null otherwise. */
function dealIdOf(value: string): number | null {
  const global = fromGlobalId(value);
  return parseNumericId(global?.type === 'Deal' ? global.key : value);
}

export const recordSponsoredEvents = async (_p: unknown, { input }: { input: RecordSponsoredEventsInput }, ctx: GatewayContext) => {
  if (!SESSION_ID.test(input.sessionId)) return validationError('sessionId', 'The sponsored session id is not valid.');
  if (input.adIds.length === 0) return validationError('adIds', 'Name at least one sponsored result.');
  if (input.adIds.length > MAX_SPONSORED_EVENTS) return validationError('adIds', `At most ${MAX_SPONSORED_EVENTS} sponsored results at a time.`);
  if (input.adIds.length !== input.dealIds.length) return validationError('dealIds', 'Give one deal id for each ad id, in the same order.');
  const adIds: number[] = [];
  for (const raw of input.adIds) {
    const value = String(raw);
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
    if (id < 1 || id > AD_ID_MAX) return validationError('adIds', 'An ad id is not valid.');
    adIds.push(id);
  }
  const dealIds: number[] = [];
  for (const raw of input.dealIds) {
    const id = dealIdOf(String(raw));
    if (id === null) return validationError('dealIds', 'A deal id is not valid.');
    dealIds.push(id);
  }
  try {
    const recorded = await ctx.clients.search.sponsoredEvents({
      adIds,
      dealIds,
      sessionId: input.sessionId,
      type: input.type === 'CLICK' ? 'click' : 'impression',
    });
    if (!recorded) {
      return { ...notFound('NOT_FOUND', 'sessionId'), message: 'The sponsored session has expired or does not exist. Start a new one.' };
    }
    return { __typename: 'SponsoredEventsRecorded' as const, recorded: recorded.recorded };
  } catch (error) {
    const userError = fromServiceValidation(error, 'adIds');
    if (userError) return userError;
    throw error;
  }
};
