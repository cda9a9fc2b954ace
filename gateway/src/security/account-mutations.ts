/**
 * One credential or account mutation per document (reliability A5, OWASP GraphQL "batching
 * attacks"): `login` fifty times under aliases in one request would be fifty password guesses
 * behind one HTTP request. The users service counts every attempt anyway (per address and per
 * email), and graphql-armor caps aliases at 15; this rule refuses a second sign-in or account
 * mutation outright, before anything runs, so no request carries more than one guess.
 */
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

/** The mutations that take a credential, a link token or an email to write to. */
export const ACCOUNT_MUTATIONS = new Set([
  'register',
  'expressRegister',
  'login',
  'logout',
  'confirmEmail',
  'requestPasswordReset',
  'resetPassword',
  'activatePassword',
  'changePassword',
  'updateProfile',
  'deleteAccount',
  'subscribeEmail',
  'confirmSubscription',
  'updateEmailPreferences',
  'unsubscribeEmail',
]);

export const ONE_ACCOUNT_MUTATION_MESSAGE = 'Only one account mutation (sign-in, registration, password, profile or email) is allowed per request.';

/** Counts account-mutation fields at the root of a selection set, through fragments (each fragment once). */
function countAccountFields(set: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): number {
  let n = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      if (ACCOUNT_MUTATIONS.has(selection.name.value)) n += 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      n += countAccountFields(selection.selectionSet, fragments, seen);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value;
      const fragment = fragments[name];
      // A fragment spread twice counts each time: `...F ...F` with a login inside is two logins.
      if (fragment && !seen.has(name)) {
        seen.add(name);
        n += countAccountFields(fragment.selectionSet, fragments, seen);
        seen.delete(name);
      }
    }
  }
  return n;
}

export function oneAccountMutationRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation !== 'mutation') return;
      const fragments: Record<string, FragmentDefinitionNode> = {};
      for (const definition of context.getDocument().definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
      }
      if (countAccountFields(node.selectionSet, fragments, new Set()) > 1) {
        context.reportError(new GraphQLError(ONE_ACCOUNT_MUTATION_MESSAGE, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }));
      }
    },
  };
}
