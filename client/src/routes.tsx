import { createBrowserRouter, redirect } from 'react-router';
import { DEFAULT_LOCATION, locationPath } from '@shop/domain';
import { RootHydrateFallback, RootLayout } from './routes/RootLayout.tsx';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary.tsx';

/**
 * The route table (spec §2 route shapes). Every page is a lazy route module exporting
 * `loader` (starts its query), `Component` and `ErrorBoundary`, so its code and its data
 * load in parallel and the homepage's initial JS stays small.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      // The root lands on the default location's homepage (Glasgow).
      { index: true, loader: () => redirect(locationPath(DEFAULT_LOCATION)) },
      { path: 'deals', loader: () => redirect(locationPath(DEFAULT_LOCATION)) },
      // National urls are rewritten to shop (spec §2): /deals/national-deal/… → /deals/shop/…
      // /deals/vip (issue 18 point 5; spec §2 fixed title): the VIP deals, before :location reads "vip" as a location.
      { path: 'deals/vip', lazy: () => import('./routes/VipDealsPage.tsx') },
      // A VIP category (spec §2 page type vipCategory): /deals/vip/{category}, that category's VIP deals.
      { path: 'deals/vip/:category', lazy: () => import('./routes/VipCategoryPage.tsx') },
      // A VIP deal url (spec §2 page type vipDeal): /deal/vip/{dealId}[/{blurb}.html], the deal page (canonical: the deal's url).
      { path: 'deal/vip/*', lazy: () => import('./routes/VipDealPage.tsx') },
      // The wellness collection (spec §2 page type wellness-collection; issue 19 point 5): a static segment outranks deals/:location.
      { path: 'deals/wellness-collection', lazy: () => import('./routes/WellnessCollectionPage.tsx') },
      { path: 'wellness-collection', lazy: () => import('./routes/WellnessCollectionPage.tsx') },
      // A deal preview (spec §2: the deal-preview segment reads as deals; issue 19 point 6): its merchant's or staff's view of a deal not live yet.
      { path: 'deal-preview/*', lazy: () => import('./features/preview/DealPreviewPage.tsx') },
      // The paid-campaign landing page (spec §2 page type ppc; issue 19 point 8): a campaign's deals, no subscribe popup.
      { path: 'welcome', lazy: () => import('./features/ppc/WelcomePage.tsx') },
      {
        path: 'deals/national-deal/*',
        loader: ({ request }) => {
          const url = new URL(request.url);
          return redirect(url.pathname.replace(/^\/deals\/national-deal/, '/deals/shop') + url.search);
        },
      },
      {
        path: 'deals/:location',
        lazy: () => import('./routes/LocationLayout.tsx'),
        children: [
          { index: true, lazy: () => import('./routes/HomePage.tsx') },
          // A static segment outranks :category, so special events never read as a category page.
          { path: 'special/:slug', lazy: () => import('./routes/SpecialEventPage.tsx') },
          // The gift finder (issue 19 point 3; spec §2 "gift-finder as the third segment"): the location's gifts, a recipient's in the path.
          { path: 'gift-finder', lazy: () => import('./routes/GiftFinderPage.tsx') },
          { path: 'gift-finder/:who', lazy: () => import('./routes/GiftFinderPage.tsx') },
          { path: ':category', lazy: () => import('./routes/CategoryPage.tsx') },
          { path: ':category/:subcategory', lazy: () => import('./routes/CategoryPage.tsx') },
          // /{category}/{subcategory}/{dealId}/{blurb}.html; the loader parses it with domain's parseDealPath.
          { path: ':category/:subcategory/*', lazy: () => import('./routes/DealPage.tsx') },
        ],
      },
      // Deals lists (spec §2 listings, near-me and guides).
      { path: 'recently-viewed', lazy: () => import('./routes/RecentlyViewedPage.tsx') },
      { path: 'recommended-for-you', lazy: () => import('./routes/RecommendedPage.tsx') },
      { path: 'buy-again', lazy: () => import('./routes/BuyAgainPage.tsx') },
      { path: 'wishlist', lazy: () => import('./routes/WishlistPage.tsx') },
      { path: 'early-bird', lazy: () => import('./routes/EarlyBirdPage.tsx') },
      // The map view (spec §2 /map-view, page type map-view; issue 19 point 4).
      { path: 'map-view', lazy: () => import('./features/map/MapViewRoute.tsx') },
      { path: 'near-me', lazy: () => import('./routes/NearMePage.tsx') },
      { path: 'near-me/:location', lazy: () => import('./routes/NearMePage.tsx') },
      { path: 'near-me/:location/:area', lazy: () => import('./routes/NearMeAreaPage.tsx') },
      { path: 'guides/*', lazy: () => import('./routes/GuidePage.tsx') },
      // The gift finder of every location (spec §2 /gifts, page type gifts; issue 19 point 3): the nav's Gifts and the footer's Gift finder.
      { path: 'gifts', lazy: () => import('./routes/GiftFinderPage.tsx') },
      { path: 'gifts/:who', lazy: () => import('./routes/GiftFinderPage.tsx') },
      // Static pages (spec §2 /page/{slug}) and the content pages that have their own path.
      { path: 'page/:slug', lazy: () => import('./routes/StaticPage.tsx') },
      { path: 'editorial-team', lazy: () => import('./routes/StaticPage.tsx') },
      { path: 'discountcodes', lazy: () => import('./routes/StaticPage.tsx') },
      // The help centres (issue 19 point 7): typed content, no query.
      { path: 'faqs', lazy: () => import('./routes/HelpCentrePage.tsx') },
      { path: 'merchantfaqs', lazy: () => import('./routes/HelpCentrePage.tsx') },
      // Search (spec §2 /search): every filter in the query string.
      { path: 'search', lazy: () => import('./routes/SearchPage.tsx') },
      // Accounts (spec §2): the authentication pages in the login layout, and the pages the
      // account emails link to (domain ACCOUNT_LINK_PATHS).
      { path: 'login', lazy: () => import('./routes/accounts/LoginPage.tsx') },
      { path: 'register', lazy: () => import('./routes/accounts/RegisterPage.tsx') },
      { path: 'forgot-password', lazy: () => import('./routes/accounts/ForgotPasswordPage.tsx') },
      { path: 'login/email-link', lazy: () => import('./routes/accounts/SignInLinkRequestPage.tsx') },
      { path: 'login/link', lazy: () => import('./routes/accounts/SignInLinkPage.tsx') },
      { path: 'reset-password', lazy: () => import('./routes/accounts/ResetPasswordPage.tsx') },
      { path: 'activate-account', lazy: () => import('./routes/accounts/ActivateAccountPage.tsx') },
      { path: 'confirm-email', lazy: () => import('./routes/accounts/ConfirmEmailPage.tsx') },
      { path: 'email/confirm', lazy: () => import('./routes/accounts/ConfirmSubscriptionPage.tsx') },
      { path: 'email/preferences', lazy: () => import('./routes/accounts/EmailPreferencesPage.tsx') },
      // A wish list alert's unsubscribe link (issue 19 point 2): stops one kind, no login.
      { path: 'email/alerts', lazy: () => import('./routes/accounts/WishlistAlertUnsubscribePage.tsx') },
      // Buying (spec §2 checkout and basket): the basket and checkout page, the order's
      // confirmation with its vouchers, and the validity-extension add-on after a purchase.
      { path: 'checkout', lazy: () => import('./routes/checkout/CheckoutPage.tsx') },
      { path: 'checkout/confirmation/:orderNumber', lazy: () => import('./routes/checkout/ConfirmationPage.tsx') },
      { path: 'order-addon', lazy: () => import('./routes/checkout/OrderAddonPage.tsx') },
      { path: 'order-addon/signin-page', lazy: () => import('./routes/checkout/OrderAddonSigninPage.tsx') },
      // A voucher's validity extension (spec §2 page type extendLanding): expiry reminders and My Vouchers link here.
      { path: 'voucher/extend/:voucherId', lazy: () => import('./routes/checkout/VoucherExtendPage.tsx') },
      // Gifts (spec §2 /mygift, page type claim-gift): a gift email's claim link, or paste its code.
      { path: 'mygift', lazy: () => import('./routes/ClaimGiftPage.tsx') },
      // Gift cards (spec §2 /giftcard/redeem; issue 18 point 2): a gift card's code turned into wallet credit, signed in.
      { path: 'giftcard/redeem', lazy: () => import('./routes/GiftCardRedeemPage.tsx') },
      // "Become a merchant" (spec §1; issue 17): the footer's and the account menu's link. Page type 'other' (spec §2 has none for it).
      { path: 'merchant/apply', lazy: () => import('./routes/merchants/MerchantApplyPage.tsx') },
      // The merchant's dashboard (spec §2 page type dashboard; issue 17): its own layout (business, section tabs) for a signed-in member of a business.
      {
        path: 'insights',
        lazy: () => import('./routes/insights/InsightsLayout.tsx'),
        children: [
          { index: true, lazy: () => import('./routes/insights/SalesPage.tsx') },
          { path: 'redeem', lazy: () => import('./routes/insights/RedeemPage.tsx') },
          { path: 'scan', lazy: () => import('./routes/insights/ScanPage.tsx') },
          { path: 'orders', lazy: () => import('./routes/insights/OrdersPage.tsx') },
          { path: 'payouts', lazy: () => import('./routes/insights/PayoutsPage.tsx') },
          { path: 'bookings', lazy: () => import('./routes/insights/BookingsPage.tsx') },
        ],
      },
      // The account area in the account layout (/myaccount/delete in the delete layout): a
      // logged-out visitor is sent to /login, and back after signing in.
      {
        path: 'myaccount',
        lazy: () => import('./routes/accounts/AccountLayout.tsx'),
        children: [
          { index: true, lazy: () => import('./routes/accounts/AccountOverviewPage.tsx') },
          { path: 'profile', lazy: () => import('./routes/accounts/ProfilePage.tsx') },
          { path: 'password', lazy: () => import('./routes/accounts/PasswordPage.tsx') },
          { path: 'subscriptions', lazy: () => import('./routes/accounts/SubscriptionsPage.tsx') },
          { path: 'delete', lazy: () => import('./routes/accounts/DeleteAccountPage.tsx') },
          // My Vouchers (spec §2 page type vouchers): the shopper's vouchers, filtered by ?status=.
          { path: 'vouchers', lazy: () => import('./routes/accounts/MyVouchersPage.tsx') },
          // My Wallet (issue 18 point 1): balances, history and dated credit; the credit page.
          { path: 'wallet', lazy: () => import('./routes/accounts/WalletPage.tsx') },
          { path: 'credit', lazy: () => import('./routes/accounts/CreditPage.tsx') },
          // Refer a friend (issue 18 point 4): the personal link, share buttons, rules and referrals.
          { path: 'refer-a-friend', lazy: () => import('./routes/accounts/ReferAFriendPage.tsx') },
          // The loyalty club (issue 18 point 6): level, points, the exchange for wallet credit and the points activity.
          { path: 'rewards', lazy: () => import('./routes/accounts/RewardsPage.tsx') },
          // Wallet, rewards, refer a friend: not built yet.
          { path: '*', lazy: () => import('./routes/NotFoundPage.tsx') },
        ],
      },
      { path: '*', lazy: () => import('./routes/NotFoundPage.tsx') },
    ],
  },
]);
