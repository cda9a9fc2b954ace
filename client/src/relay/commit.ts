import type { UseMutationConfig } from 'react-relay';
import type { Disposable, MutationParameters } from 'relay-runtime';

/** A commit function: useMutation's first item, or commitMutation bound to an environment. */
export type Commit<T extends MutationParameters> = (config: UseMutationConfig<T>) => Disposable;

/**
 * Commits a mutation and resolves with its response. Errors a shopper can act on come back as
 * data (the result unions); a rejection means the request itself failed (network, outage).
 * Forms await the answer because what they show next depends on it (useCommit is the hook form).
 */
export function commitAsync<T extends MutationParameters>(commit: Commit<T>, config: Omit<UseMutationConfig<T>, 'onCompleted' | 'onError'>): Promise<T['response']> {
  return new Promise((resolve, reject) => {
    commit({
      ...config,
      onCompleted: (response, errors) => {
        if (errors && errors.length > 0 && response == null) reject(new Error(errors[0]!.message));
        else resolve(response);
      },
      onError: reject,
    });
  });
}
