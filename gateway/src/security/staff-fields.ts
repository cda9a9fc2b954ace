/**
 * Staff-only fields (issue 17 point 7): the root fields listed here answer only a request with a
 * valid staff API key (operation-access.ts `staffName`), in production or not. To anyone else —
 * a shopper's or a merchant's session, an anonymous client — the document fails validation with
 * graphql-js's own words for a field the schema lacks, so they learn nothing of it (field
 * suggestions are off outside development, limits.ts).
 *
 * The verdict is awaited before validation (onParams: free without an Authorization header) and
 * checked after it, also when Yoga answers validation from its cache, which is keyed by document
 * and not by caller.
 */
import type { ASTVisitor, ValidationContext } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.ts';

/** The staff-only root fields, by root type. */
export const STAFF_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  Query: new Set(['merchantApplications', 'merchantBusiness', 'giftCardsToPost']),
  Mutation: new Set(['approveMerchantApplication', 'rejectMerchantApplication', 'markGiftCardOrderSent']),
};

/**
 * In a staff-only field's resolver: the staff name (the actor of what it does). The plugin below
 * refused everyone else already, so a missing name is a wiring mistake, thrown.
 */
export async function staffOnly(ctx: GatewayContext): Promise<string> {
  const name = await ctx.staffName();
  if (!name) throw new Error('A staff-only field ran without a staff key');
  return name;
}

/** The message graphql-js gives for a field its type does not have (FieldsOnCorrectTypeRule). */
export const unknownFieldMessage = (field: string, type: string) => `Cannot query field "${field}" on type "${type}".`;

function staffFieldsRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const parent = context.getParentType();
      if (parent && STAFF_FIELDS[parent.name]?.has(node.name.value)) {
        // Yoga's GraphQLError (its graphql module's) with what Yoga gives every validation error
        // (useHTTPValidationError, whose hook ran before this one's).
        context.reportError(
          createGraphQLError(unknownFieldMessage(node.name.value, parent.name), { nodes: node, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { spec: true, status: 400 } } }),
        );
      }
    },
  };
}

/** The refusal messages of the staff-only fields: for staff, only ever this plugin's (the fields exist). */
const STAFF_REFUSALS: ReadonlySet<string> = new Set(Object.entries(STAFF_FIELDS).flatMap(([type, fields]) => [...fields].map((field) => unknownFieldMessage(field, type))));

export function staffFieldsPlugin(staffName: (request: Request) => Promise<string | null>): Plugin {
  const verdicts = new WeakMap<Request, string | null>();
  return {
    async onParams({ request }) {
      verdicts.set(request, await staffName(request));
    },
    // Yoga's own validate (the schema is its graphql module's: another module's validate refuses it).
    onValidate({ context, params, validateFn }) {
      const request = (context as { request?: Request }).request;
      return ({ result, setResult }) => {
        if (request && verdicts.get(request)) {
          // Staff: Yoga's validation cache (keyed by document, not caller) may hold the refusal a
          // non-staff caller of the same document got first; for staff those fields exist.
          if (result.some((e: { message: string }) => STAFF_REFUSALS.has(e.message))) setResult(result.filter((e: { message: string }) => !STAFF_REFUSALS.has(e.message)));
          return;
        }
        const refused = validateFn(params.schema, params.documentAST, [staffFieldsRule]);
        // A result from Yoga's validation cache may carry them already (a caller before this one).
        const said = new Set<string>(result.map((e: { message: string }) => e.message));
        const fresh = refused.filter((e: { message: string }) => !said.has(e.message));
        if (fresh.length) setResult([...result, ...fresh]);
      };
    },
  };
}
