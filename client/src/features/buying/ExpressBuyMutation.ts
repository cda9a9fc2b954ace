import { graphql } from 'react-relay';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from './user-error.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { ExpressBuyMutation, ExpressBuyMutation$data } from '../../__generated__/ExpressBuyMutation.graphql';

type Result = ExpressBuyMutation$data['expressBuy'];
export type ExpressBuyToken = { token: string; price: { amount: number; formatted: string } };
/** The token to pay with, or why not: an ineligible option's hint says to use the checkout (spec §8). */
export type ExpressBuyAnswer = { ok: true; token: ExpressBuyToken } | ({ ok: false; hint: string | null } & AnswerError);

function readToken(result: Result): ExpressBuyAnswer {
  if (result.__typename === 'ExpressBuyToken' && result.token && result.price) return { ok: true, token: { token: result.token, price: { amount: result.price.amount, formatted: result.price.formatted } } };
  return { ok: false, hint: result.hint ?? null, ...(result.userError ? readUserError(result.userError) : UNKNOWN_ERROR) };
}

/** Express Buy's token for one unit of an option (issue 14 G): what it costs now, to confirm. */
export const useExpressBuyMutation = () =>
  useCommit<ExpressBuyMutation, ExpressBuyAnswer>(
    graphql`
      mutation ExpressBuyMutation($input: ExpressBuyInput!) {
        expressBuy(input: $input) {
          __typename
          ... on ExpressBuyToken {
            token
            price {
              amount
              formatted
            }
          }
          ... on ExpressBuyIneligibleError {
            hint
          }
          ...UserErrorFields @alias(as: "userError")
        }
      }
    `,
    (r) => readToken(r.expressBuy),
  )[0];
