import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { useAuthState } from '../accounts/auth.ts';
import { reportClientError } from '../../errors/report.ts';
import { ErrorMessage } from '../../ui/Field.tsx';
import { QuietBoundary } from '../lists/QuietBoundary.tsx';
import { newIdempotencyKey } from './idempotency.ts';
import { goToConfirmation } from './paths.ts';
import { SOMETHING_WRONG } from './words.ts';
import type { ExpressBuyInstrumentsQuery } from '../../__generated__/ExpressBuyInstrumentsQuery.graphql';
import { useExpressBuyMutation, type ExpressBuyToken as Token } from './ExpressBuyMutation.ts';
import { usePlaceExpressOrderMutation } from './PlaceOrderMutations.ts';

type Step = { kind: 'idle' } | { kind: 'asking' } | { kind: 'confirm'; token: Token } | { kind: 'paying'; token: Token };

/**
 * Express Buy on the deal page (issue 14 G): a signed-in shopper with a saved card or PayPal
 * account buys one voucher of the chosen option with it, without the basket (which stays as it
 * was). Shown only to such shoppers; their instruments are asked for only then, off the page's
 * critical path. First the token (an ineligible option answers in the spec §8 words with the
 * hint), then a confirm step that names the price and what pays, then the order and on to its
 * confirmation page.
 */
export function ExpressBuy(props: { dealId: number; productId: number; optionTitle: string }) {
  const { authenticated } = useAuthState();
  if (!authenticated) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <ExpressBuyBox key={props.productId} {...props} />
      </Suspense>
    </QuietBoundary>
  );
}

function ExpressBuyBox({ dealId, productId, optionTitle }: { dealId: number; productId: number; optionTitle: string }) {
  const data = useLazyLoadQuery<ExpressBuyInstrumentsQuery>(instrumentsQuery, {}, { fetchPolicy: 'store-or-network' });
  const instruments = data.viewer?.paymentInstruments ?? [];
  const instrument = instruments.find((i) => i.isDefault) ?? instruments[0] ?? null;
  const id = useId();
  const navigate = useNavigate();
  const expressBuy = useExpressBuyMutation();
  const [placeExpressOrder] = usePlaceExpressOrderMutation();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<{ message: string; hint: string | null } | null>(null);
  // One key per attempt to pay, reused if its answer never came (never a second charge).
  const attempt = useRef<{ token: string; key: string } | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (step.kind === 'confirm') confirmButton.current?.focus();
  }, [step.kind]);

  if (!instrument) return null;

  async function ask() {
    setStep({ kind: 'asking' });
    setError(null);
    try {
      const result = await expressBuy({ input: { dealId, productId } });
      if (result.ok) {
        setStep({ kind: 'confirm', token: result.token });
        return;
      }
      setStep({ kind: 'idle' });
      setError({ message: result.message || SOMETHING_WRONG, hint: result.hint });
    } catch (err) {
      reportClientError(err);
      setStep({ kind: 'idle' });
      setError({ message: SOMETHING_WRONG, hint: null });
    }
  }

  async function pay(token: Token) {
    if (!instrument) return;
    setStep({ kind: 'paying', token });
    setError(null);
    const current = attempt.current?.token === token.token ? attempt.current : { token: token.token, key: newIdempotencyKey() };
    attempt.current = current;
    const input = { idempotencyKey: current.key, expressBuyToken: token.token, savedInstrumentId: instrument.id, expectedCashAmount: token.price.amount };
    let result;
    try {
      result = await placeExpressOrder({ input });
    } catch (err) {
      reportClientError(err);
      setStep({ kind: 'confirm', token });
      setError({ message: BUYING_MESSAGES.requestProblem, hint: null });
      return;
    }
    attempt.current = null;
    if (result.__typename === 'OrderPlaced' || result.__typename === 'OrderPending') {
      await goToConfirmation(navigate, result);
      return;
    }
    setStep({ kind: 'idle' });
    setError({ message: result.message || SOMETHING_WRONG, hint: null });
  }

  const errorId = `${id}-error`;
  return (
    <section className="express-buy" aria-labelledby={`${id}-title`}>
      <h2 className="express-buy__title" id={`${id}-title`}>
        Express Buy
      </h2>
      {step.kind === 'confirm' || step.kind === 'paying' ? (
        <div className="express-buy__confirm" role="group" aria-label="Confirm your Express Buy">
          <p className="express-buy__summary">
            1 × {optionTitle}: <strong>{step.token.price.formatted}</strong>, paid now with {instrument.description}. Your voucher comes by email and on the next page.
          </p>
          <div className="express-buy__actions">
            <button
              ref={confirmButton}
              type="button"
              className="button button--primary"
              aria-busy={step.kind === 'paying' || undefined}
              aria-describedby={error ? errorId : undefined}
              onClick={() => {
                if (step.kind === 'confirm') void pay(step.token);
              }}
            >
              {step.kind === 'paying' ? <span className="spinner" aria-hidden="true" /> : null}
              {step.kind === 'paying' ? 'Paying…' : `Pay ${step.token.price.formatted} now`}
            </button>
            <button type="button" className="button button--secondary" disabled={step.kind === 'paying'} onClick={() => setStep({ kind: 'idle' })}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="express-buy__hint">One voucher, paid with {instrument.description}, without the basket.</p>
          <button type="button" className="button button--secondary express-buy__start" aria-busy={step.kind === 'asking' || undefined} aria-describedby={error ? errorId : undefined} onClick={() => void ask()}>
            {step.kind === 'asking' ? <span className="spinner" aria-hidden="true" /> : null}
            Express Buy
          </button>
        </>
      )}
      {error ? (
        <div role="alert" className="express-buy__error">
          <ErrorMessage id={errorId} messages={[error.message]} />
          {error.hint ? <p className="express-buy__fallback">{error.hint}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

const instrumentsQuery = graphql`
  query ExpressBuyInstrumentsQuery {
    viewer {
      paymentInstruments {
        id
        description
        isDefault
      }
    }
  }
`;
