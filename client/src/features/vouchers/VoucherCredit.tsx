import { useEffect, useId, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { reportClientError } from '../../errors/report.ts';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { useFormErrors } from '../../ui/form-errors.ts';
import { useExchangeVoucherForCreditMutation } from './VoucherMutations.ts';
import { canExchange, CREDIT_WORDS } from './voucher-words.ts';
import type { VoucherCredit_voucher$key } from '../../__generated__/VoucherCredit_voucher.graphql';

/**
 * Credit towards another deal (issue 16 point 5; spec §3 Credit Requested → Request Processed):
 * what the refund panel offers once the 14-day window has closed, for a voucher still unused and
 * in date. Two clicks like the refund: "Exchange for credit" opens the panel that says what
 * happens, "Confirm exchange" makes it; the answer's voucher updates the card by id, and
 * `onDone` gets the words of where the money went (VoucherRefund shows them).
 */
export function VoucherCredit({ voucher, onDone }: { voucher: VoucherCredit_voucher$key; onDone: (message: string) => void }) {
  const v = useFragment(
    graphql`
      fragment VoucherCredit_voucher on Voucher {
        id
        statusCode
        expiresAt
        giftReceived
        paid {
          formatted
        }
      }
    `,
    voucher,
  );
  const [exchange] = useExchangeVoucherForCreditMutation();
  const uid = useId();
  const form = useFormErrors();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);

  useEffect(() => {
    if (open) title.current?.focus();
    else if (opened.current) toggle.current?.focus();
    opened.current = open;
  }, [open]);
  // A gift received: its money is the giver's (VoucherRefund says so).
  if (v.giftReceived || !v.paid || !canExchange(v.statusCode, v.expiresAt ?? null, new Date())) return null;

  async function confirm() {
    if (busy) return;
    setBusy(true);
    form.clear();
    let result;
    try {
      result = await exchange({ input: { voucherId: v.id } });
    } catch (error) {
      reportClientError(error);
      setBusy(false);
      form.show([{ field: null, message: CREDIT_WORDS.unreachable }]);
      return;
    }
    setBusy(false);
    if (result.__typename === 'VoucherCredited') {
      // The card moves on to Request Processed (this offer goes); the refund panel says where the money went.
      onDone(CREDIT_WORDS.done(result.credit.formatted));
      return;
    }
    form.show([{ field: null, message: result.message || BUYING_MESSAGES.somethingWrong }]);
  }

  const panelId = `${uid}-panel`;
  return (
    <>
      <p className="voucher-refund__closed">{CREDIT_WORDS.offer(v.paid.formatted)}</p>
      <button
        ref={toggle}
        type="button"
        className="button button--secondary voucher-card__action"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (open) form.clear();
          setOpen(!open);
        }}
      >
        {CREDIT_WORDS.open}
      </button>
      {open ? (
        <section id={panelId} className="voucher-refund" aria-labelledby={`${uid}-title`}>
          <h3 id={`${uid}-title`} ref={title} tabIndex={-1} className="voucher-refund__title">
            {CREDIT_WORDS.title}
          </h3>
          <ErrorSummary errors={form.errors} attempt={form.attempt} fields={{}} title={CREDIT_WORDS.failed} headingLevel={4} />
          <p>{CREDIT_WORDS.explain(v.paid.formatted)}</p>
          <p role="status" className="visually-hidden">
            {busy ? CREDIT_WORDS.busy : ''}
          </p>
          <div className="form-actions voucher-refund__actions">
            <button type="button" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={() => void confirm()}>
              {busy ? CREDIT_WORDS.busy : CREDIT_WORDS.confirm}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                form.clear();
                setOpen(false);
              }}
            >
              {CREDIT_WORDS.cancel}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
