/**
 * Lints an OpenAPI document with Spectral's `spectral:oas` ruleset, programmatically and offline.
 * Used by each service's tests: the document must have zero errors.
 */
import spectralCore from '@stoplight/spectral-core';
import spectralRulesets from '@stoplight/spectral-rulesets';

export interface LintResult {
  code: string;
  message: string;
  path: string;
  severity: 'error' | 'warning' | 'info' | 'hint';
}

const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

export async function lintOpenApi(document: unknown): Promise<LintResult[]> {
  const spectral = new spectralCore.Spectral();
  spectral.setRuleset({ extends: [[spectralRulesets.oas, 'recommended']] } as never);
  // A JSON string is valid YAML, which is what Spectral parses by default.
  const results = await spectral.run(JSON.stringify(document, null, 2));
  return results.map((r) => ({
    code: String(r.code),
    message: r.message,
    path: r.path.join('.'),
    severity: SEVERITIES[r.severity] ?? 'hint',
  }));
}
