import { commitMutation, type GraphQLTaggedNode, type MutationParameters, type SelectorStoreUpdater } from 'relay-runtime';
import { environment } from '../../relay/environment.ts';

/**
 * Commits a mutation and resolves with its response. Errors a shopper can act on come back as
 * data (the result unions); a rejection means the request itself failed (network, outage).
 */
export function mutate<T extends MutationParameters>(mutation: GraphQLTaggedNode, variables: T['variables'], updater?: SelectorStoreUpdater<T['response']>): Promise<T['response']> {
  return new Promise((resolve, reject) => {
    commitMutation<T>(environment, {
      mutation,
      variables,
      ...(updater ? { updater } : {}),
      onCompleted: (response, errors) => {
        if (errors && errors.length > 0 && response == null) reject(new Error(errors[0]!.message));
        else resolve(response);
      },
      onError: reject,
    });
  });
}
