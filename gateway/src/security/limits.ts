/**
 * Query limits (graphql-armor), checked while validating, so a document over a limit is refused
 * before any resolver runs or any REST call is made (reliability G1).
 *
 * Set with a margin above our own largest query, the home/category page (location with its
 * navigation and 48 deal cards with products); see reference-queries.ts and limits.test.ts, which
 * measure it and fail if it no longer fits. Measured (armor's own counting):
 *   homepage (first: 48 literal)  depth 7, aliases 0, directives 0, tokens 231, cost 26,450
 *   homepage (first: $first)      depth 7, tokens 236, cost 664
 *   deal page                     depth 5, tokens 164, cost 299
 *   search page (first: 48)       depth 6, tokens 204, cost 21,687
 *   guide page (30 deals)         depth 6, tokens 135, cost 7,273
 * Fragments are flattened, so splitting a query into Relay fragments does not change its depth or
 * cost; the fragment definitions and spreads do add tokens, hence the wide token margin.
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';

export const LIMITS = {
  /** Selection depth with fragments flattened. */
  maxDepth: 10,
  /** Aliases per operation (brute force through aliases, G4). */
  maxAliases: 15,
  /** Directives per operation (@include/@skip, @connection…). */
  maxDirectives: 20,
  /** Lexical tokens per document. */
  maxTokens: 1000,
  /**
   * armor's cost: objects 2, scalars 1, ×1.5 per level, × `first` when it is a literal. A `first`
   * given as a variable counts once, so resolvers also clamp it to 48 (clampFirst).
   */
  maxCost: 60000,
} as const;

export type LimitName = 'depth' | 'aliases' | 'directives' | 'tokens' | 'cost';

export interface LimitsOptions {
  exposeLimits: boolean;
  blockFieldSuggestions: boolean;
  /** Called with each measured figure of an accepted document (tests, bench). */
  onMeasure?: (limit: LimitName, value: number) => void;
  /** Overrides for tests. */
  limits?: Partial<Record<keyof typeof LIMITS, number>>;
}

export function limitsPlugin(options: LimitsOptions) {
  const limits = { ...LIMITS, ...options.limits };
  const measure = (limit: LimitName) =>
    options.onMeasure ? { onAccept: [(_ctx: unknown, details: { n: number }) => options.onMeasure!(limit, details.n)] } : {};
  const common = { exposeLimits: options.exposeLimits, errorMessage: 'Query validation error.' };
  return EnvelopArmorPlugin({
    maxDepth: { n: limits.maxDepth, flattenFragments: true, ...common, ...measure('depth') },
    maxAliases: { n: limits.maxAliases, ...common, ...measure('aliases') },
    maxDirectives: { n: limits.maxDirectives, ...common, ...measure('directives') },
    maxTokens: { n: limits.maxTokens, ...common, ...measure('tokens') },
    costLimit: { maxCost: limits.maxCost, flattenFragments: true, ...common, ...measure('cost') },
    blockFieldSuggestion: { enabled: options.blockFieldSuggestions },
  });
}
