import { graphql } from 'react-relay';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from './user-error.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { StartPaymentMutation, StartPaymentMutation$data } from '../../__generated__/StartPaymentMutation.graphql';

type Result = StartPaymentMutation$data['startPayment'];
/** A provider session for the browser to tokenise with (never our API), or why not. */
export type PaymentSessionAnswer = { ok: true; clientToken: string; sandboxUrl: string } | ({ ok: false } & AnswerError);

function readSession(result: Result): PaymentSessionAnswer {
  if (result.__typename === 'PaymentSession' && result.clientToken && result.sandboxUrl) return { ok: true, clientToken: result.clientToken, sandboxUrl: result.sandboxUrl };
  return { ok: false, ...(result.userError ? readUserError(result.userError) : UNKNOWN_ERROR) };
}

/** Starts a payment with the provider's sandbox; `email`: a guest's, for the providers that need the shopper's (Clearpay). */
export const useStartPaymentMutation = () =>
  useCommit<StartPaymentMutation, PaymentSessionAnswer>(
    graphql`
      mutation StartPaymentMutation($input: StartPaymentInput!) {
        startPayment(input: $input) {
          __typename
          ... on PaymentSession {
            clientToken
            sandboxUrl
          }
          ...UserErrorFields @alias(as: "userError")
        }
      }
    `,
    (r) => readSession(r.startPayment),
  )[0];
