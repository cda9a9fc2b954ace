import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { WISHLIST_ALERT_LABELS } from '@shop/domain/wishlist-alerts';
import { Notice } from '../../ui/Notice.tsx';
import { SubmitButton } from '../../ui/Field.tsx';
import { commitAsync } from '../../relay/commit.ts';
import { SOMETHING_WRONG } from '../accounts/form-helpers.ts';
import type { WishlistAlertsForm_viewer$key } from '../../__generated__/WishlistAlertsForm_viewer.graphql';
import { useUpdateWishlistAlertsMutation } from './wishlist-alerts-mutations.ts';

type Prefs = { priceDrops: boolean; backInStock: boolean };

const FIELDS = [
  { name: 'priceDrops', kind: 'price_drop' },
  { name: 'backInStock', kind: 'back_in_stock' },
] as const;

/**
 * Wish list alerts (issue 19 point 2) on the account's subscriptions page: the two kinds of email
 * about the deals on the wish list, each on or off (both on until turned off; every such email
 * also has a link that turns its own kind off).
 */
export function WishlistAlertsForm({ viewer }: { viewer: WishlistAlertsForm_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment WishlistAlertsForm_viewer on Customer {
        wishlistAlerts {
          priceDrops
          backInStock
        }
      }
    `,
    viewer,
  );
  const [prefs, setPrefs] = useState<Prefs | null>(data.wishlistAlerts ? { priceDrops: data.wishlistAlerts.priceDrops, backInStock: data.wishlistAlerts.backInStock } : null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; at: number } | null>(null);
  const [commit, busy] = useUpdateWishlistAlertsMutation();

  if (!prefs) return <p>Your wish list alerts can’t be shown right now. Please reload the page.</p>;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const values = new FormData(e.currentTarget);
    const input = { priceDrops: values.has('priceDrops'), backInStock: values.has('backInStock') };
    setOutcome(null);
    try {
      const answer = (await commitAsync(commit, { variables: { input } })).updateWishlistAlerts;
      if (answer.__typename === 'WishlistAlertPreferences') {
        setPrefs({ priceDrops: answer.priceDrops, backInStock: answer.backInStock });
        setOutcome({ ok: true, message: 'Your wish list alerts have been saved.', at: Date.now() });
      } else {
        // The other member is UnauthenticatedError: the session ended meanwhile.
        setOutcome({ ok: false, message: 'Please sign in again to change your alerts.', at: Date.now() });
      }
    } catch {
      setOutcome({ ok: false, message: SOMETHING_WRONG, at: Date.now() });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="wishlist-alerts-title">
      {outcome ? (
        <Notice key={outcome.at} title={outcome.ok ? 'Saved' : 'Not saved'} variant={outcome.ok ? 'success' : 'error'} headingLevel={3} focus>
          <p>{outcome.message}</p>
        </Notice>
      ) : null}
      <fieldset className="choices">
        <legend className="form-legend">Email me about the deals on my wish list</legend>
        <ul className="choices__list">
          {FIELDS.map((f) => (
            <li key={f.name} className="checkbox">
              <input
                className="checkbox__input"
                type="checkbox"
                name={f.name}
                id={`wishlist-alerts-${f.name}`}
                defaultChecked={prefs[f.name]}
                aria-describedby={`wishlist-alerts-${f.name}-hint`}
              />
              <label className="checkbox__label" htmlFor={`wishlist-alerts-${f.name}`}>
                {WISHLIST_ALERT_LABELS[f.kind].label}
              </label>
              <span id={`wishlist-alerts-${f.name}-hint`} className="form-hint checkbox__hint">
                {WISHLIST_ALERT_LABELS[f.kind].hint}
              </span>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="form-actions">
        <SubmitButton busy={busy} busyLabel="Saving…" variant="secondary">
          Save wish list alerts
        </SubmitButton>
      </div>
    </form>
  );
}
