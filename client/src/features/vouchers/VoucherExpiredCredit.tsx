import { useEffect, useId, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { reportClientError } from '../../errors/report.ts';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { useFormErrors } from '../../ui/form-errors.ts';
import { useTakeExpiredVoucherCreditMutation } from './VoucherMutations.ts';
import { EXPIRED_CREDIT_WORDS } from './voucher-words.ts';
import type { VoucherExpiredCredit_voucher$key } from '../../__generated__/VoucherExpiredCredit_voucher.graphql';

/**
 * An expired voucher's paid value as wallet credit (spec §9 "Expired voucher credit is valid 14
 * days"): offered on the card while the gateway offers it (Voucher.expiredCredit: Expired, or past
 * its date, and not a gift received), with a line saying until when the credit would be valid.
 * Two clicks like the exchange for credit: "Take £… as wallet credit" opens the panel that says
 * what happens, "Confirm" takes it; the answer's voucher updates the card by id (Request
 * Processed), and the panel gives way to where the money went and until when it can be spent.
 */
export function VoucherExpiredCredit({ voucher }: { voucher: VoucherExpiredCredit_voucher$key }) {
  const v = useFragment(
    graphql`
      fragment VoucherExpiredCredit_voucher on Voucher {
        id
        expiredCredit {
          amount {
            formatted
          }
          validUntil
        }
      }
    `,
    voucher,
  );
  const [takeCredit] = useTakeExpiredVoucherCreditMutation();
  const uid = useId();
  const form = useFormErrors();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const opened = useRef(false);

  // Opening moves focus into the panel; closing brings it back to the button that opened it.
  useEffect(() => {
    if (open) title.current?.focus();
    else if (opened.current) toggle.current?.focus();
    opened.current = open;
  }, [open]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (done) {
    return (
      <p ref={doneRef} className="voucher-refund__done" role="status" tabIndex={-1}>
        {done}
      </p>
    );
  }
  const offer = v.expiredCredit;
  if (!offer) return null;

  async function confirm() {
    if (busy) return;
    setBusy(true);
    form.clear();
    let result;
    try {
      result = await takeCredit({ input: { voucherId: v.id } });
    } catch (error) {
      reportClientError(error);
      setBusy(false);
      form.show([{ field: null, message: EXPIRED_CREDIT_WORDS.unreachable }]);
      return;
    }
    setBusy(false);
    if (result.__typename === 'ExpiredVoucherCreditTaken') {
      setDone(EXPIRED_CREDIT_WORDS.done(result.credit.formatted, result.validUntil));
      return;
    }
    form.show([{ field: null, message: result.message || BUYING_MESSAGES.somethingWrong }]);
  }

  const panelId = `${uid}-panel`;
  const validityId = `${uid}-validity`;
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="button button--secondary voucher-card__action"
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={validityId}
        onClick={() => {
          if (open) form.clear();
          setOpen(!open);
        }}
      >
        {EXPIRED_CREDIT_WORDS.open(offer.amount.formatted)}
      </button>
      <p id={validityId} className="voucher-refund__closed">
        {EXPIRED_CREDIT_WORDS.validity(offer.validUntil)}
      </p>
      {open ? (
        <section id={panelId} className="voucher-refund" aria-labelledby={`${uid}-title`}>
          <h3 id={`${uid}-title`} ref={title} tabIndex={-1} className="voucher-refund__title">
            {EXPIRED_CREDIT_WORDS.title}
          </h3>
          <ErrorSummary errors={form.errors} attempt={form.attempt} fields={{}} title={EXPIRED_CREDIT_WORDS.failed} headingLevel={4} />
          <p>{EXPIRED_CREDIT_WORDS.explain(offer.amount.formatted, offer.validUntil)}</p>
          <p role="status" className="visually-hidden">
            {busy ? EXPIRED_CREDIT_WORDS.busy : ''}
          </p>
          <div className="form-actions voucher-refund__actions">
            <button type="button" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={() => void confirm()}>
              {busy ? EXPIRED_CREDIT_WORDS.busy : EXPIRED_CREDIT_WORDS.confirm}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                form.clear();
                setOpen(false);
              }}
            >
              {EXPIRED_CREDIT_WORDS.cancel}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
