import { graphql, readInlineData } from 'react-relay';
import type { UserErrorFields$data, UserErrorFields$key } from '../__generated__/UserErrorFields.graphql';

/**
 * The one selection of an error a shopper can act on (schema.graphql `interface UserError`). Every
 * mutation spreads it in its result union (`...UserErrorFields @alias(as: "userError")`: Relay 21
 * wants an alias for a spread on an interface inside a union) instead of re-selecting
 * `code message field` per member; `@inline` lets a submit handler read it outside a component
 * (readUserError), where the answer is handled.
 */
/* eslint-disable relay/unused-fields -- @inline: the callers of readUserError read these fields */
const userErrorFields = graphql`
  fragment UserErrorFields on UserError @inline {
    code
    message
    field
  }
`;
/* eslint-enable relay/unused-fields */

export type UserErrorData = UserErrorFields$data;

export function readUserError(ref: UserErrorFields$key): UserErrorData {
  return readInlineData(userErrorFields, ref);
}
