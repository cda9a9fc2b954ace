import { fetchQuery, graphql, type Environment } from 'relay-runtime';
import type { landingMerchantQuery } from '../../__generated__/landingMerchantQuery.graphql';

/** The merchant's dashboard (spec §2 page type dashboard). */
const MERCHANT_DASHBOARD_PATH = '/insights';

const query = graphql`
  query landingMerchantQuery {
    viewer {
      merchant {
        __typename
      }
    }
  }
`;

/**
 * Where a sign-in with nowhere to return to lands (issue 17 point 1): a member of a business on
 * the dashboard, anyone else on `otherwise` (the account page). If the question fails, `otherwise`.
 */
export async function landingAfterSignIn(environment: Environment, otherwise: string): Promise<string> {
  try {
    const data = await fetchQuery<landingMerchantQuery>(environment, query, {}, { fetchPolicy: 'network-only' }).toPromise();
    return data?.viewer?.merchant ? MERCHANT_DASHBOARD_PATH : otherwise;
  } catch {
    return otherwise;
  }
}
