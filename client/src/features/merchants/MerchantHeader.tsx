import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { SignOutButton } from '../accounts/SignOutButton.tsx';
import type { MerchantHeader_account$key } from '../../__generated__/MerchantHeader_account.graphql';

/**
 * The merchant's bar above the till (issue 17 point 2, the dashboard's own layout): which business
 * the till works for — a picker when the account is a member of several — and sign out.
 */
export function MerchantHeader({ account, businessId, onBusiness }: { account: MerchantHeader_account$key; businessId: string; onBusiness: (id: string) => void }) {
  const { businesses } = useFragment(
    graphql`
      fragment MerchantHeader_account on MerchantAccount {
        businesses {
          id
          name
          city
          role
        }
      }
    `,
    account,
  );
  const pickerId = useId();
  const current = businesses.find((b) => b.id === businessId) ?? businesses[0];
  const where = (b: (typeof businesses)[number]) => `${b.name}, ${b.city}${b.role === 'STAFF' ? ' (staff)' : ''}`;
  return (
    <header className="merchant-header">
      <p className="merchant-header__title">Merchant dashboard</p>
      {businesses.length > 1 ? (
        <div className="merchant-header__picker sort-select">
          <label htmlFor={pickerId}>Business</label>
          <select id={pickerId} value={current?.id} onChange={(e) => onBusiness(e.target.value)}>
            {businesses.map((b) => (
              <option key={b.id} value={b.id}>
                {where(b)}
              </option>
            ))}
          </select>
        </div>
      ) : current ? (
        <p className="merchant-header__business">{where(current)}</p>
      ) : null}
      <SignOutButton className="button button--secondary merchant-header__signout">Sign out</SignOutButton>
    </header>
  );
}
