/**
 * Spec §8: club failures are reported to analytics ('club' issue message per brand) and never
 * break the page. The shop's analytics is its client error log (spec §7 Logging).
 */
import { reportClientError } from '../../errors/report.ts';

const CLUB_BRAND = 'Thistle Deals';

export function reportClubIssue(cause: unknown): void {
  const issue = new Error(`club: ${CLUB_BRAND}: ${cause instanceof Error ? cause.message : String(cause)}`);
  issue.name = 'club';
  reportClientError(issue);
}
