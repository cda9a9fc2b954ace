import { Suspense } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, useNavigate, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { DEFAULT_LOCATION, locationPath } from '@shop/domain';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { ListEmpty } from '../../features/lists/ListEmpty.tsx';
import { VoucherList } from '../../features/vouchers/VoucherList.tsx';
import { VoucherListSkeleton } from '../../features/vouchers/VoucherListSkeleton.tsx';
import { VoucherStatusFilter } from '../../features/vouchers/VoucherStatusFilter.tsx';
import { SentGifts } from '../../features/vouchers/SentGifts.tsx';
import { MY_VOUCHERS_PATH, statusFromParam, statusWords } from '../../features/vouchers/voucher-words.ts';
import type { MyVouchersPageQuery } from '../../__generated__/MyVouchersPageQuery.graphql';
import '../../features/lists/lists.css';
import '../../features/vouchers/vouchers.css';

/**
 * /myaccount/vouchers (spec §2 page type vouchers, account layout; the account menu's "My
 * Vouchers"): the signed-in shopper's vouchers, newest first, 10 at a time (spec §9), narrowed to
 * one status by ?status= (spec §3 words). The heading and the filter show at once; the list has
 * its own placeholder while it loads.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const status = statusFromParam(new URL(request.url).searchParams.get('status'));
  return preloadRouteQuery<MyVouchersPageQuery>('myaccount-vouchers', query, { status });
}

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<MyVouchersPageQuery>;
  const { search } = useLocation();
  const navigate = useNavigate();
  const status = statusFromParam(new URLSearchParams(search).get('status'));
  return (
    <AccountPage title="My Vouchers" lede="Every voucher you hold, newest first, with its code and how to redeem it.">
      <div className="voucher-toolbar">
        <VoucherStatusFilter
          value={status}
          onChange={(param) => void navigate(param ? `${MY_VOUCHERS_PATH}?${new URLSearchParams({ status: param })}` : MY_VOUCHERS_PATH, { preventScrollReset: true })}
        />
      </div>
      <Suspense fallback={<VoucherListSkeleton />}>
        <Vouchers queryRef={ref} />
      </Suspense>
      {/* The gifts the shopper sent and whether they were claimed (issue 16 point 8): quiet while it loads. */}
      <Suspense fallback={null}>
        <SentGifts />
      </Suspense>
    </AccountPage>
  );
}

function Vouchers({ queryRef }: { queryRef: PreloadedQuery<MyVouchersPageQuery> }) {
  const { viewer } = usePreloadedQuery<MyVouchersPageQuery>(query, queryRef);
  const { search } = useLocation();
  // A new filter is on its way: the list on screen is the old one.
  const busy = useNavigation().state === 'loading';
  // Signed out meanwhile: the layout's guard is already on its way to the login page.
  if (!viewer) return null;
  const status = statusFromParam(new URLSearchParams(search).get('status'));
  return (
    <div className={busy ? 'voucher-results voucher-results--busy' : 'voucher-results'} aria-busy={busy}>
      <VoucherList
        viewer={viewer}
        empty={
          status ? (
            <ListEmpty title="No vouchers to show" actions={[{ href: MY_VOUCHERS_PATH, label: 'Show all vouchers' }]}>
              You have no vouchers with the status “{statusWords(status)}”.
            </ListEmpty>
          ) : (
            <ListEmpty title="You have no vouchers yet" actions={[{ href: locationPath(DEFAULT_LOCATION), label: 'Browse today’s deals' }]}>
              When you buy a deal, its vouchers are kept here, ready to use.
            </ListEmpty>
          )
        }
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query MyVouchersPageQuery($status: VoucherStatus) {
    viewer {
      ...VoucherList_viewer @arguments(status: $status)
    }
  }
`;
