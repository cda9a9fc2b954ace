/**
 * The deals-email mutations reached from an email's signed link (spec §7): confirm the
 * subscription, change the preferences, unsubscribe. All three answer with the preferences
 * (EmailPreferencesResult), selected once in emailMutations_preferences.
 */
import { graphql, readInlineData, useMutation } from 'react-relay';
import type { emailMutations_preferences$data, emailMutations_preferences$key } from '../../__generated__/emailMutations_preferences.graphql';
import type { emailMutationsConfirmMutation } from '../../__generated__/emailMutationsConfirmMutation.graphql';
import type { emailMutationsSaveMutation } from '../../__generated__/emailMutationsSaveMutation.graphql';
import type { emailMutationsUnsubscribeMutation } from '../../__generated__/emailMutationsUnsubscribeMutation.graphql';

/* eslint-disable relay/unused-fields, relay/must-colocate-fragment-spreads -- @inline: the email pages read these fields from readEmailPreferences' answer */
const preferences = graphql`
  fragment emailMutations_preferences on EmailPreferencesResult @inline {
    __typename
    ... on EmailPreferences {
      email
      subscribed
      confirmed
      topics
      frequency
      preferencesToken
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;
/* eslint-enable relay/unused-fields, relay/must-colocate-fragment-spreads */

export type EmailPreferencesResult = emailMutations_preferences$data;
export const readEmailPreferences = (ref: emailMutations_preferences$key): EmailPreferencesResult => readInlineData(preferences, ref);

export const useConfirmSubscriptionMutation = () =>
  useMutation<emailMutationsConfirmMutation>(graphql`
    mutation emailMutationsConfirmMutation($input: TokenInput!) {
      confirmSubscription(input: $input) {
        ...emailMutations_preferences
      }
    }
  `);

export const useSaveEmailPreferencesMutation = () =>
  useMutation<emailMutationsSaveMutation>(graphql`
    mutation emailMutationsSaveMutation($input: UpdateEmailPreferencesInput!) {
      updateEmailPreferences(input: $input) {
        ...emailMutations_preferences
      }
    }
  `);

export const useUnsubscribeEmailMutation = () =>
  useMutation<emailMutationsUnsubscribeMutation>(graphql`
    mutation emailMutationsUnsubscribeMutation($input: TokenInput!) {
      unsubscribeEmail(input: $input) {
        ...emailMutations_preferences
      }
    }
  `);
