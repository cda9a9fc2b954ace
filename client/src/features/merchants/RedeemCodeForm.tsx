import { useEffect, useId, useState, type FormEvent } from 'react';
import { graphql } from 'react-relay';
import { useCommit } from '../../relay/use-commit.ts';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { TextField } from '../../ui/Field.tsx';
import { useFormErrors } from '../../ui/form-errors.ts';
import type { RedeemCodeFormRedeemMutation } from '../../__generated__/RedeemCodeFormRedeemMutation.graphql';
import { readRedeemResult, redemptionWords, useUndoRedemption, type RedeemResult } from './till-answers.ts';
import { londonClock } from './till-words.ts';

const redeemMutation = graphql`
  mutation RedeemCodeFormRedeemMutation($input: RedeemVoucherCodeInput!) {
    redeemVoucherCode(input: $input) {
      ...tillAnswers_redeemResult
    }
  }
`;

const FIELDS = { code: 'Voucher code' };

/** What the live region says, and the redemption that can still be undone. */
interface Outcome {
  kind: 'redeemed' | 'refused' | 'undone';
  text: string;
  undo: { voucherId: string; until: string } | null;
}

/**
 * "Redeem a voucher" (issue 17 point 3): the code as typed, redeemed for the chosen business; the
 * result is announced in a live region. A redemption offers Undo, with its deadline, until the 15
 * minutes are over (the button goes then; the service decides in any case).
 */
export function RedeemCodeForm({ businessId }: { businessId: string }) {
  const [redeem] = useCommit<RedeemCodeFormRedeemMutation, RedeemResult>(redeemMutation, (r) => readRedeemResult(r.redeemVoucherCode));
  const undo = useUndoRedemption();
  const errors = useFormErrors();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const headingId = useId();

  // The Undo button goes when the window closes.
  const until = outcome?.undo?.until;
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    const timer = setTimeout(() => setOutcome((o) => (o && o.undo ? { ...o, undo: null } : o)), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [until]);

  const failed = (error: unknown) => errors.show([{ field: null, message: error instanceof Error && error.message ? 'Sorry, the till could not reach us. Check the connection and try again.' : 'Sorry, something went wrong.' }]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      errors.show([{ field: 'code', message: 'Enter a voucher code.' }]);
      return;
    }
    errors.clear();
    setBusy(true);
    try {
      const answer = await redeem({ input: { businessId, code, attemptId: crypto.randomUUID() } });
      const words = redemptionWords(answer);
      // A user error of the form (bad code, signed out) is shown at the field, not as a result.
      if (answer.__typename !== 'VoucherCodeRedeemed' && answer.__typename !== 'VoucherCodeAlreadyRedeemed' && answer.__typename !== 'VoucherCodeNotRedeemable' && answer.__typename !== 'NotFoundError') {
        errors.show([{ field: words.field === 'code' ? 'code' : null, message: words.text }]);
      } else {
        setOutcome({ kind: words.kind, text: words.text, undo: words.undo });
        if (words.kind === 'redeemed') setCode('');
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const onUndo = async () => {
    const pending = outcome?.undo;
    if (!pending || busy) return;
    setBusy(true);
    try {
      const undone = await undo({ businessId, voucherId: pending.voucherId });
      setOutcome({ ...undone, undo: null });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="till-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Redeem a voucher</h2>
      <form className="till-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={headingId}>
        <ErrorSummary errors={errors.errors} attempt={errors.attempt} fields={FIELDS} />
        <TextField
          name="code"
          label={FIELDS.code}
          hint="As printed on the voucher, e.g. K7QZ2M-9TXB4R-WC3HDN."
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            errors.dismiss(['code']);
          }}
          errors={errors.of('code')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <button type="submit" className="button button--primary" aria-busy={busy || undefined}>
          Redeem
        </button>
      </form>
      <div role="status" aria-live="polite" className={`till-result${outcome ? ` till-result--${outcome.kind}` : ''}`}>
        {outcome ? <p>{outcome.text}</p> : null}
        {outcome?.undo ? <p>You can undo this until {londonClock(outcome.undo.until)}.</p> : null}
      </div>
      {outcome?.undo ? (
        <button type="button" className="button button--secondary" onClick={() => void onUndo()} aria-busy={busy || undefined}>
          Undo redemption
        </button>
      ) : null}
    </section>
  );
}
