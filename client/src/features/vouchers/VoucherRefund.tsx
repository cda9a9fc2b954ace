import { useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { messageFor } from '@shop/domain';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { GIFT_CARD_DEAL_ID } from '@shop/domain/gift-cards';
import { ErrorMessage } from '../../ui/Field.tsx';
import { fieldId } from '../../ui/form-errors.ts';
import { newIdempotencyKey } from '../buying/idempotency.ts';
import { GIFT_WORDS } from '../gifts/gift-words.ts';
import { useActionPanel } from './action-panel.ts';
import { ActionPanel, DoneMessage } from './ActionPanel.tsx';
import { VoucherCredit } from './VoucherCredit.tsx';
import { useRefundVoucherMutation, type RefundDestination } from './VoucherMutations.ts';
import { canRefund, refundClosedLine, refundedMessage, REFUND_WORDS } from './voucher-words.ts';
import type { VoucherRefund_voucher$key } from '../../__generated__/VoucherRefund_voucher.graphql';

type Destination = Extract<RefundDestination, 'ORIGINAL' | 'WALLET'>;

/**
 * A voucher's refund within 14 days (issue 16 point 5; spec §9; the UK Consumer Contracts
 * Regulations), in two clicks: "Refund" opens the panel (a disclosure), "Confirm refund" makes
 * it. The money goes back to the payment method by default; wallet credit only when the shopper
 * chooses it and ticks their consent. One idempotency key per attempt, kept when the request
 * itself fails (pressing Confirm again sends the same attempt: never a second refund). Errors
 * show in the panel's error summary; the answer's voucher updates the card by its id (Refunded),
 * and the panel gives way to the message of where the money went.
 *
 * Offered only while the voucher is Ready to Redeem and its window is open; once the window has
 * passed, a line says until when refunds were possible, and credit towards another deal is
 * offered instead (VoucherCredit). Nothing for any other status.
 */
export function VoucherRefund({ voucher }: { voucher: VoucherRefund_voucher$key }) {
  const v = useFragment(
    graphql`
      fragment VoucherRefund_voucher on Voucher {
        id
        dealId
        statusCode
        refundableUntil
        giftReceived
        paid {
          formatted
        }
        sent {
          sentAt
        }
        ...VoucherCredit_voucher
      }
    `,
    voucher,
  );
  const [refundVoucher] = useRefundVoucherMutation();
  const [destination, setDestination] = useState<Destination>('ORIGINAL');
  const [consent, setConsent] = useState(false);
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const panel = useActionPanel({
    onClose: () => {
      setDestination('ORIGINAL');
      setConsent(false);
      attempt.current = null;
    },
  });
  const { uid, form, busy } = panel;
  // Per card: several panels may be open on the page, each with its own field ids.
  const consentField = `${uid}-walletConsent`;
  const consentId = fieldId(consentField);

  if (panel.done) return <DoneMessage panel={panel} />;
  // A gift received: the money is the giver's (no price shown, no refund, credit or return here).
  if (v.giftReceived || !v.paid) return v.statusCode === 'READY_TO_REDEEM' ? <p className="voucher-refund__closed">{GIFT_WORDS.received}</p> : null;
  // Goods already posted go back by a return (VoucherReturn), never by a refund or credit on demand.
  // Not a posted gift card: refunding it cancels its code (giftcardterms), so its 14 days still count.
  if (v.sent?.sentAt && v.dealId !== GIFT_CARD_DEAL_ID) return v.statusCode === 'READY_TO_REDEEM' ? <p className="voucher-refund__closed">To cancel, send it back with “Return this item”: you are refunded when it arrives.</p> : null;
  if (!canRefund(v.statusCode, v.refundableUntil, new Date())) {
    // The window has closed: say until when it was open, and offer credit towards another deal instead.
    return v.statusCode === 'READY_TO_REDEEM' ? (
      <>
        <p className="voucher-refund__closed">{refundClosedLine(v.refundableUntil)}</p>
        <VoucherCredit voucher={v} onDone={panel.setDone} />
      </>
    ) : null;
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (destination === 'WALLET' && !consent) {
      form.show([{ field: consentField, message: messageFor('WALLET_CONSENT_REQUIRED') }]);
      return;
    }
    const input = { voucherId: v.id, destination, walletConsent: destination === 'WALLET' ? consent : null };
    // A retry of the same attempt (its answer never came) reuses its key: never a second refund.
    const fingerprint = JSON.stringify(input);
    if (!attempt.current || attempt.current.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey(), fingerprint };
    const key = attempt.current.key;
    const result = await panel.send(() => refundVoucher({ input: { ...input, idempotencyKey: key } }), REFUND_WORDS.unreachable);
    if (!result) return;
    attempt.current = null;
    if (result.__typename === 'VoucherRefunded') {
      panel.setDone(refundedMessage(result.refund));
      return;
    }
    form.show([{ field: result.field === 'walletConsent' ? consentField : null, message: result.message || BUYING_MESSAGES.somethingWrong }]);
  }

  const consentErrors = form.of(consentField);
  return (
    <>
      <button {...panel.toggle}>{REFUND_WORDS.open}</button>
      {panel.open ? (
        <ActionPanel panel={panel} words={REFUND_WORDS} fields={{ [consentField]: 'Wallet credit' }} onSubmit={(e) => void onSubmit(e)}>
          <fieldset className="choices voucher-refund__choices" disabled={busy}>
            <legend className="visually-hidden">Where the money goes</legend>
            <div className="choices__list">
              <div className="radio">
                <input
                  type="radio"
                  className="radio__input"
                  id={`${uid}-original`}
                  name={`${uid}-destination`}
                  checked={destination === 'ORIGINAL'}
                  onChange={() => {
                    setDestination('ORIGINAL');
                    form.clear();
                  }}
                />
                <label className="radio__label" htmlFor={`${uid}-original`}>
                  {REFUND_WORDS.toCard(v.paid.formatted)}
                </label>
              </div>
              <div className="radio">
                <input type="radio" className="radio__input" id={`${uid}-wallet`} name={`${uid}-destination`} checked={destination === 'WALLET'} onChange={() => setDestination('WALLET')} />
                <label className="radio__label" htmlFor={`${uid}-wallet`}>
                  {REFUND_WORDS.toWallet}
                </label>
              </div>
            </div>
          </fieldset>
          {destination === 'WALLET' ? (
            <div className={`form-group form-group--checkbox voucher-refund__consent${consentErrors.length > 0 ? ' form-group--error' : ''}`}>
              <ErrorMessage id={`${consentId}-error`} messages={consentErrors} />
              <div className="checkbox">
                <input
                  type="checkbox"
                  className="checkbox__input"
                  id={consentId}
                  checked={consent}
                  required
                  disabled={busy}
                  aria-invalid={consentErrors.length > 0 || undefined}
                  aria-describedby={consentErrors.length > 0 ? `${consentId}-error` : undefined}
                  onChange={(e) => {
                    setConsent(e.target.checked);
                    if (e.target.checked) form.dismiss([consentField]);
                  }}
                />
                <label className="checkbox__label" htmlFor={consentId}>
                  {REFUND_WORDS.consent}
                </label>
              </div>
            </div>
          ) : null}
        </ActionPanel>
      ) : null}
    </>
  );
}
