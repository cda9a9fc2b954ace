/**
 * The gift-finder data document (spec §7: "a JSON file in static storage per environment (dev,
 * nxt, prod)"; issue 19 point 3), served by the shop at GIFT_FINDER_DATA_PATH
 * (/gift-finder/data.json): the recipients, personalities, price steps and bands and page sizes
 * of domain gift-finder.ts, with its version and the environment that published it (prod with
 * NODE_ENV=production, dev otherwise). The same content as Query.giftFinder's options
 * (GiftFinder.dataVersion names the version). Cached for 5 minutes; the ETag names the version
 * and environment, so a new version is fetched at once after its shop starts.
 */
import { giftFinderData, giftFinderEnvironmentOf } from '@shop/domain';

export function giftFinderDataResponse(request: Request, nodeEnv: string | undefined): Response {
  const doc = giftFinderData(giftFinderEnvironmentOf(nodeEnv));
  const etag = `"gift-finder-${doc.environment}-v${doc.version}"`;
  const headers = { etag, 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(JSON.stringify(doc), { status: 200, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } });
}
