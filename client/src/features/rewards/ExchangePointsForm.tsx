import { useState, type FormEvent } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay';
import { exchangeMessages, loyaltyProfile } from '@shop/domain';
import { TextField } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import type { ExchangePointsForm_loyalty$key } from '../../__generated__/ExchangePointsForm_loyalty.graphql';
import type { ExchangePointsFormMutation } from '../../__generated__/ExchangePointsFormMutation.graphql';

/**
 * The exchange of points for wallet credit with the spec §5 texts: with 0 points "You don't have
 * enough points", otherwise "Please select a number between 1 and {max} to exchange your points.";
 * Pink is told it needs the next level and how many more points; Bronze to Gold see the value at
 * their rate and at the next level's, Platinum its own (for the number typed). After an exchange
 * `onExchanged` reloads the page's figures (and the header panel's).
 */
export function ExchangePointsForm({ loyalty, onExchanged }: { loyalty: ExchangePointsForm_loyalty$key; onExchanged: () => void }) {
  const l = useFragment(
    graphql`
      fragment ExchangePointsForm_loyalty on LoyaltyProfile {
        lifetimePoints
        currentPoints
      }
    `,
    loyalty,
  );
  const [commit, busy] = useMutation<ExchangePointsFormMutation>(graphql`
    mutation ExchangePointsFormMutation($input: ExchangePointsInput!) {
      exchangePoints(input: $input) {
        __typename
        ... on PointsExchanged {
          points
          credit {
            formatted
          }
        }
        ... on UserError {
          message
        }
      }
    }
  `);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const profile = loyaltyProfile({ lifetimePoints: l.lifetimePoints, currentPoints: l.currentPoints });
  const chosen = /^\d+$/.test(value) ? Number(value) : null;
  const texts = exchangeMessages(profile, chosen !== null && chosen >= 1 && chosen <= l.currentPoints ? chosen : l.currentPoints);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    if (chosen === null || chosen < 1 || chosen > l.currentPoints) {
      setError(texts.prompt);
      return;
    }
    setError(null);
    commit({
      variables: { input: { points: chosen } },
      onCompleted: (data) => {
        const r = data.exchangePoints;
        if (r.__typename === 'PointsExchanged' && r.credit) {
          setValue('');
          setDone(`You exchanged ${r.points} points for ${r.credit.formatted} wallet credit. It is in your wallet now.`);
          onExchanged();
        } else setError(r.message ?? 'Sorry, something went wrong. Please try again.');
      },
      onError: () => setError('Sorry, we could not reach our servers. Please try again.'),
    });
  }

  return (
    <section className="loyalty-exchange" aria-labelledby="loyalty-exchange-title">
      <h2 id="loyalty-exchange-title" className="panel__title">
        Exchange points for wallet credit
      </h2>
      {done ? (
        <Notice title="Points exchanged" variant="success" headingLevel={3} focus>
          <p>{done}</p>
        </Notice>
      ) : null}
      <p id="loyalty-exchange-rate">{texts.rate}</p>
      {l.currentPoints > 0 && texts.canExchange ? (
        <form className="loyalty-exchange__row" onSubmit={submit} noValidate>
          <TextField
            name="points"
            label="Points to exchange"
            hint={texts.prompt}
            errors={error ? [error] : []}
            inputMode="numeric"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value.trim())}
            describedBy="loyalty-exchange-rate"
          />
          <button type="submit" className="button" aria-busy={busy}>
            {busy ? 'Exchanging…' : 'Exchange points'}
          </button>
        </form>
      ) : (
        <p>{texts.prompt}</p>
      )}
    </section>
  );
}
