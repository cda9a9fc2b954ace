export { createGateway, GRAPHQL_PATH, CSRF_HEADER, type Gateway, type GatewayOptions } from './yoga.ts';
export { createShopApp, startShop, type ShopAppOptions, type StartShopOptions, type RunningShop } from './server.ts';
export { ServiceError, isServiceError } from './clients/service-error.ts';
export { createRestClient, createRestCallLog, type ServiceTarget, type RestCallLog } from './clients/rest-client.ts';
export { createDealsClient, type DealsClient } from './clients/deals.client.ts';
export { createSearchClient, type SearchClient } from './clients/search.client.ts';
export { toGlobalId, fromGlobalId } from './relay/global-id.ts';
export { LIMITS } from './security/limits.ts';
export { HOMEPAGE_QUERY, DEAL_PAGE_QUERY, SEARCH_PAGE_QUERY, GUIDE_PAGE_QUERY } from './security/reference-queries.ts';
