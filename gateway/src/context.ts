/**
 * The per-request context: a request id (forwarded to every service call and used as the
 * correlation id of masked errors), the REST call log, the typed clients and fresh loaders, and
 * the shopper's session (accounts/session.ts: looked up lazily, at most once).
 * Nothing from the incoming request reaches the services except a well-formed request id, the
 * session token of the `__Host-sid` cookie (to the users service only) and the client address
 * the gateway decided (accounts/client-ip.ts); the search test-group cookie only chooses which
 * search route the gateway calls.
 */
import { randomUUID } from 'node:crypto';
import { COOKIE_NAMES, type SearchGroup } from '@shop/domain/cookies';
import type { VipLayoutVariant } from '@shop/domain/layouts';
import { defaultCarryOver, type CarryOverRegistry } from './accounts/carry-over.ts';
import { isSecureRequest, requestCookies, ResponseCookies } from './accounts/cookies.ts';
import { isPublicAddress, requestClientAddress } from './accounts/client-ip.ts';
import { createSessionAccess, type SessionAccess } from './accounts/session.ts';
import { BASKET_COOKIE, WALLET_TIMEOUT_MS } from '@shop/domain/buying';
import { createAddressClient, type AddressClient } from './clients/address.client.ts';
import { createBasketClient, type BasketClient } from './clients/basket.client.ts';
import { createCheckoutClient, ORDER_TIMEOUT_MS, type CheckoutClient } from './clients/checkout.client.ts';
import { createDealsClient, type DealsClient } from './clients/deals.client.ts';
import { createReviewsClient, type ReviewsClient } from './clients/reviews.client.ts';
import { createMapClient, type MapClient } from './schema/map/map.client.ts';
import { createDealPreviewClient, type DealPreviewClient } from './schema/preview/preview.client.ts';
import { createWelcomeCampaignClient, type WelcomeCampaignClient } from './schema/preview/welcome.ts';
import { createPaymentClient, type PaymentClient } from './clients/payment.client.ts';
import { createWalletClient, type WalletClient } from './clients/wallet.client.ts';
import { createRewardsClient, type RewardsClient } from './clients/rewards.client.ts';
import { createWishlistClient, type WishlistClient } from './clients/wishlist.client.ts';
import { WISHLIST_COOKIE } from '@shop/domain/wishlist';
import type { WishlistOperation } from '@shop/wishlist/wishlist';
import { wishlistCookie } from './schema/wishlist/current-wishlist.ts';
import { createReferralsClient, type ReferralsClient } from './clients/referrals.client.ts';
import { createWishlistAlertsClient, type WishlistAlertsClient } from './clients/wishlist-alerts.client.ts';
import { createCreditClaimsClient, type CreditClaimsClient } from './clients/credit-claims.client.ts';
import { createGiftCardsClient, type GiftCardsClient } from './clients/giftcards.client.ts';
import { createGiftFinderClient, type GiftFinderClient } from './clients/giftfinder.client.ts';
import { createVipClient, type VipClient } from './clients/vip.client.ts';
import { createVouchersClient, PRINT_TIMEOUT_MS, type VouchersClient } from './clients/vouchers.client.ts';
import { createMerchantApplicationsClient, type MerchantApplicationsClient } from './clients/merchant-applications.client.ts';
import { createMerchantBusinessesClient, type MerchantBusinessesClient } from './clients/merchant-businesses.client.ts';
import { createRedemptionClient, type RedemptionClient } from './clients/redemption.client.ts';
import { createSalesClient, type SalesClient } from './clients/sales.client.ts';
import { createPayoutsClient, type PayoutsClient } from './clients/payouts.client.ts';
import { createPostingClient, type PostingClient } from './clients/posting.client.ts';
import { createBookingsClient, type BookingsClient } from './clients/bookings.client.ts';
import { createRestCallLog, createRestClient, DEFAULT_TIMEOUT_MS, type RestCallLog, type ServiceTarget } from './clients/rest-client.ts';
import { createSearchClient, type SearchClient } from './clients/search.client.ts';
import { CLIENT_IP_HEADER, createUsersClient, type SocialProviderName, type UsersClient } from './clients/users.client.ts';
import { createLoaders, type Loaders } from './loaders.ts';
import { clearedBasketCookie } from './schema/buying/shopper.ts';
import { consoleLogger, type Logger } from './logger.ts';

/** The services the buying clients call (each reached in process, or at its <X>_SERVICE_URL). */
type BuyingServiceName = 'basket' | 'checkout' | 'payment' | 'wallet' | 'address' | 'vouchers';

export interface ServiceTargets {
  deals: ServiceTarget;
  /** The search service; unset: every search call fails as the service being unavailable. */
  search?: ServiceTarget;
  /** The users service; unset: every account call fails as the service being unavailable. */
  users?: ServiceTarget;
  /** The buying services (issue 6); each unset: its calls fail as the service being unavailable. */
  basket?: ServiceTarget;
  checkout?: ServiceTarget;
  payment?: ServiceTarget;
  wallet?: ServiceTarget;
  /** The vouchers service (issue 16). */
  vouchers?: ServiceTarget;
  address?: ServiceTarget;
  /** The merchants service (issue 17). */
  merchants?: ServiceTarget;
  /** The rewards service (issue 18 point 6, the loyalty club). */
  rewards?: ServiceTarget;
  /** The wishlist service (issue 19 point 1). */
  wishlist?: ServiceTarget;
}

/** Account settings the resolvers read. */
export interface AccountsConfig {
  /** The social sign-in providers configured (their buttons show). */
  socialProviders: readonly SocialProviderName[];
  /** Handlers run after a sign-in (accounts/carry-over.ts). */
  carryOver: CarryOverRegistry;
}

/** Where an unconfigured service "lives": it answers 503, so a call fails like an outage (masked). */
export const NOT_CONFIGURED: ServiceTarget = {
  app: {
    fetch: () =>
      new Response(JSON.stringify({ type: 'about:blank', title: 'Service not configured', status: 503, code: 'NOT_CONFIGURED' }), {
        status: 503,
        headers: { 'content-type': 'application/problem+json' },
      }),
  },
};

export interface ContextOptions {
  services: ServiceTargets;
  serviceToken: string;
  timeoutMs?: number;
  logger?: Logger;
  accounts?: Partial<AccountsConfig>;
  /** VIP_LAYOUT (main.ts): the checkout's VIP offer variant; default checkbox. */
  vipLayout?: VipLayoutVariant;
  /** The shopper's address for a request; default: what the /graphql handler recorded (client-ip.ts). */
  clientAddress?: (request: Request) => string | null;
  /** The clock (cookie lifetimes); default: now. */
  now?: () => Date;
}

export interface BuyingClients {
  basket: BasketClient;
  checkout: CheckoutClient;
  payment: PaymentClient;
  wallet: WalletClient;
  /** Credit claims (issue 18 point 3): the wallet service's campaigns. */
  creditClaims: CreditClaimsClient;
  /** Gift cards redeemed for wallet credit (issue 18 point 2), through the checkout service. */
  giftCards: GiftCardsClient;
  /** VIP membership cancellation (issue 18 point 5), through the checkout service. */
  vip: VipClient;
  /** The loyalty club (issue 18 point 6): the rewards service. */
  rewards: RewardsClient;
  /** Saved deals (issue 19 point 1): the wishlist service. */
  wishlist: WishlistClient;
  /** The gift finder (issue 19 point 3): the deals service's gift feed. */
  giftFinder: GiftFinderClient;
  /** Refer a friend (issue 18 point 4): the users service's referral routes. */
  referrals: ReferralsClient;
  /** Wish list alerts (issue 19 point 2): the users service's alert preferences and unsubscribe link. */
  wishlistAlerts: WishlistAlertsClient;
  vouchers: VouchersClient;
  address: AddressClient;
}

export interface GatewayContext {
  requestId: string;
  restCalls: RestCallLog;
  clients: BuyingClients & { deals: DealsClient; reviews: ReviewsClient; map: MapClient; dealPreview: DealPreviewClient; welcomeCampaign: WelcomeCampaignClient; search: SearchClient; users: UsersClient; merchantApplications: MerchantApplicationsClient; merchantBusinesses: MerchantBusinessesClient; redemption: RedemptionClient; sales: SalesClient; posting: PostingClient; payouts: PayoutsClient; bookings: BookingsClient };
  loaders: Loaders;
  /** The shopper's session: looked up at most once per request, and only when asked. */
  session: SessionAccess;
  /**
   * The signed-in shopper's customer token (spec §6), or null for a guest; looks the session up
   * on first use. recommendedDeals, buyAgainDeals and the sponsored session read it.
   */
  customerToken(): Promise<string | null>;
  /** The request's cookies by name. */
  cookies: Readonly<Record<string, string>>;
  /** Cookies to set on the response (written by the Yoga plugin in yoga.ts). */
  responseCookies: ResponseCookies;
  /** The request came over https (the readable cookies get Secure too). */
  secure: boolean;
  /** The shopper's search test group (spec §4, cookie `search_group`): 'b' searches the alternate route. */
  searchGroup: SearchGroup;
  accounts: AccountsConfig;
  /** How the checkout offers VIP to a non-member (VIP_LAYOUT, spec §2 VIP layout variants; default checkbox). */
  vipLayout: VipLayoutVariant;
  logger: Logger;
  /**
   * The staff API key's name when the request carries a valid one (Authorization: Bearer),
   * else null, in production or not; a shopper's session never counts. Set by yoga.ts.
   */
  staffName(): Promise<string | null>;
}

/**
 * What the services keep as their request id (hono/request-id takes [A-Za-z0-9_=-], up to 255):
 * anything else they would replace with their own, and the two logs would no longer match.
 */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,128}$/;
const requestIds = new WeakMap<Request, string>();

/**
 * Keeps a caller's request id when it looks like one (for tracing), otherwise makes one. The
 * same Request always gets the same id: it is sent to the services and is the correlation id of
 * the request's masked errors.
 */
export function requestIdFrom(request: Request): string {
  let id = requestIds.get(request);
  if (id === undefined) {
    const given = request.headers.get('x-request-id');
    id = given && REQUEST_ID.test(given) ? given : randomUUID();
    requestIds.set(request, id);
  }
  return id;
}

/** The search test group of a request: 'b' only when its cookie says so, else 'a' (the default search). */
export function searchGroupOf(request: Request): SearchGroup {
  return requestCookies(request)[COOKIE_NAMES.searchTest] === 'b' ? 'b' : 'a';
}

const responseCookiesByRequest = new WeakMap<Request, ResponseCookies>();

/** The cookies the request's resolvers want set (the Yoga plugin in yoga.ts writes them). */
export function responseCookiesOf(request: Request): ResponseCookies | undefined {
  return responseCookiesByRequest.get(request);
}

export function createContextFactory(options: ContextOptions) {
  const logger = options.logger ?? consoleLogger;
  const accounts: AccountsConfig = {
    socialProviders: options.accounts?.socialProviders ?? [],
    carryOver: options.accounts?.carryOver ?? defaultCarryOver(),
  };
  const clientAddress = options.clientAddress ?? requestClientAddress;
  return (request: Request): GatewayContext => {
    const requestId = requestIdFrom(request);
    const restCalls = createRestCallLog();
    const common = { serviceToken: options.serviceToken, requestId, log: restCalls, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
    const deals = createDealsClient(createRestClient({ ...common, service: 'deals', target: options.services.deals }));
    const search = createSearchClient(createRestClient({ ...common, service: 'search', target: options.services.search ?? NOT_CONFIGURED }));
    const address = clientAddress(request);
    const users = createUsersClient(
      createRestClient({ ...common, service: 'users', target: options.services.users ?? NOT_CONFIGURED, ...(address ? { headers: { [CLIENT_IP_HEADER]: address } } : {}) }),
    );
    const cookies = requestCookies(request);
    const responseCookies = new ResponseCookies();
    responseCookiesByRequest.set(request, responseCookies);
    const target = (name: BuyingServiceName) => options.services[name] ?? NOT_CONFIGURED;
    const rest = (name: BuyingServiceName, timeoutMs = common.timeoutMs) =>
      createRestClient({
        ...common,
        timeoutMs,
        service: name,
        target: target(name),
        // The checkout limits the units one public client address holds at once (reliability M4).
        ...(name === 'checkout' && address && isPublicAddress(address) ? { headers: { [CLIENT_IP_HEADER]: address } } : {}),
      });
    const basket = createBasketClient(rest('basket'));
    const wishlist = createWishlistClient(createRestClient({ ...common, service: 'wishlist', target: options.services.wishlist ?? NOT_CONFIGURED }));
    const clients = {
      deals,
      // The map view's deals of a box (issue 19 point 4): the deals service's /map/deals.
      map: createMapClient(createRestClient({ ...common, service: 'deals', target: options.services.deals })),
      // Deal previews (issue 19 point 6): the deals service's /preview-deal routes.
      dealPreview: createDealPreviewClient(createRestClient({ ...common, service: 'deals', target: options.services.deals })),
      // The paid-campaign landing page (issue 19 point 8): the deals service's /welcome-campaign.
      welcomeCampaign: createWelcomeCampaignClient(createRestClient({ ...common, service: 'deals', target: options.services.deals })),
      // Merchants' reviews (issue 19 point 9): the deals service's /merchants/{id}/reviews and /reviews.
      reviews: createReviewsClient(createRestClient({ ...common, service: 'deals', target: options.services.deals })),
      search,
      users,
      basket: {
        ...basket,
        // A guest basket merged into the customer's (the sign-in carry-over, or a later request)
        // is gone: its cookie is cleared on this response.
        async merge(guestToken: string, customerToken: string) {
          const merged = await basket.merge(guestToken, customerToken);
          responseCookies.set(BASKET_COOKIE, clearedBasketCookie());
          return merged;
        },
      },
      checkout: createCheckoutClient(rest('checkout'), rest('checkout', Math.max(ORDER_TIMEOUT_MS, common.timeoutMs))),
      payment: createPaymentClient(rest('payment')),
      // Spec §9: the wallet call's deadline is 40000 ms.
      wallet: createWalletClient(rest('wallet', Math.max(WALLET_TIMEOUT_MS, common.timeoutMs))),
      // Failed credit claims are limited per public client address too (the wallet counts them by x-client-ip).
      creditClaims: createCreditClaimsClient(
        createRestClient({ ...common, service: 'wallet', target: target('wallet'), ...(address && isPublicAddress(address) ? { headers: { [CLIENT_IP_HEADER]: address } } : {}) }),
      ),
      giftCards: createGiftCardsClient(rest('checkout')),
      giftFinder: createGiftFinderClient(createRestClient({ ...common, service: 'deals', target: options.services.deals })),
      vip: createVipClient(rest('checkout')),
      rewards: createRewardsClient(createRestClient({ ...common, service: 'rewards', target: options.services.rewards ?? NOT_CONFIGURED })),
      wishlist: {
        ...wishlist,
        // A guest list merged into the customer's (the sign-in carry-over, or a later load's sync)
        // is gone: the cookie holds the customer's list's id from this response on.
        async patch(id: string, operations: WishlistOperation[]) {
          const changed = await wishlist.patch(id, operations);
          if (changed && operations.some((o) => o.op === 'merge')) responseCookies.set(WISHLIST_COOKIE, wishlistCookie(changed.id));
          return changed;
        },
      },
      referrals: createReferralsClient(createRestClient({ ...common, service: 'users', target: options.services.users ?? NOT_CONFIGURED })),
      // The unsubscribe link is limited per client address like every signed link: the service counts it by x-client-ip.
      wishlistAlerts: createWishlistAlertsClient(
        createRestClient({ ...common, service: 'users', target: options.services.users ?? NOT_CONFIGURED, ...(address ? { headers: { [CLIENT_IP_HEADER]: address } } : {}) }),
      ),
      // A printed voucher is rendered on the way: its call has a longer deadline.
      vouchers: createVouchersClient(rest('vouchers'), rest('vouchers', Math.max(PRINT_TIMEOUT_MS, common.timeoutMs))),
      address: createAddressClient(rest('address')),
      // The form is limited per client address (it mails the address typed): the service counts it by x-client-ip.
      merchantApplications: createMerchantApplicationsClient(
        createRestClient({ ...common, service: 'merchants', target: options.services.merchants ?? NOT_CONFIGURED, ...(address ? { headers: { [CLIENT_IP_HEADER]: address } } : {}) }),
      ),
      merchantBusinesses: createMerchantBusinessesClient(createRestClient({ ...common, service: 'merchants', target: options.services.merchants ?? NOT_CONFIGURED })),
      redemption: createRedemptionClient(rest('vouchers')),
      sales: createSalesClient(rest('vouchers')),
      posting: createPostingClient(rest('vouchers')),
      bookings: createBookingsClient(rest('vouchers')),
      // A statement's PDF is rendered on the way: the print deadline.
      payouts: createPayoutsClient(rest('vouchers', Math.max(PRINT_TIMEOUT_MS, common.timeoutMs)), createRestClient({ ...common, service: 'merchants', target: options.services.merchants ?? NOT_CONFIGURED })),
    };

    const secure = isSecureRequest(request);
    const session = createSessionAccess({ cookies, responseCookies, users, secure, logger, requestId, ...(options.now ? { now: options.now } : {}) });
    return {
      requestId,
      restCalls,
      clients,
      loaders: createLoaders(clients, () => session.customerToken()),
      session,
      customerToken: () => session.customerToken(),
      cookies,
      responseCookies,
      secure,
      searchGroup: searchGroupOf(request),
      accounts,
      vipLayout: options.vipLayout ?? 'checkbox',
      logger,
      staffName: async () => null,
    };
  };
}
