/** applyAsMerchant (issue 17 point 1), read one way: in (the words to show), or the fields to fix. */
import { graphql, readInlineData } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { useCommit } from '../../relay/use-commit.ts';
import { readUserError } from '../../ui/UserErrorFields.ts';
import type { FormError } from '../../ui/form-errors.ts';
import type { MerchantApplyMutation_result$key } from '../../__generated__/MerchantApplyMutation_result.graphql';
import type { MerchantApplyMutationApplyMutation } from '../../__generated__/MerchantApplyMutationApplyMutation.graphql';

const result = graphql`
  fragment MerchantApplyMutation_result on ApplyAsMerchantResult @inline {
    __typename
    ... on MerchantApplicationReceived {
      message
    }
    ... on FormErrors {
      errors {
        field
        message
      }
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;

export type ApplyAnswer = { ok: true; message: string } | { ok: false; errors: FormError[] };

function readAnswer(ref: MerchantApplyMutation_result$key): ApplyAnswer {
  const r = readInlineData(result, ref);
  if (r.__typename === 'MerchantApplicationReceived' && r.message) return { ok: true, message: r.message };
  if (r.__typename === 'FormErrors' && r.errors?.length) return { ok: false, errors: r.errors.map((e) => ({ field: e.field ?? null, message: e.message })) };
  const error = r.userError ? readUserError(r.userError) : null;
  return { ok: false, errors: [{ field: error?.field ?? null, message: error?.message ?? BUYING_MESSAGES.somethingWrong }] };
}

export const useApplyAsMerchant = () =>
  useCommit<MerchantApplyMutationApplyMutation, ApplyAnswer>(
    graphql`
      mutation MerchantApplyMutationApplyMutation($input: MerchantApplicationInput!) {
        applyAsMerchant(input: $input) {
          ...MerchantApplyMutation_result
        }
      }
    `,
    (r) => readAnswer(r.applyAsMerchant),
  );
