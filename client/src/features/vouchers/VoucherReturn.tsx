import { useEffect, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { RETURN_NOTE_MAX, RETURN_REASON_WORDS } from '@shop/domain/voucher-returns';
import { formatDate } from '../../lib/text.ts';
import { ErrorMessage } from '../../ui/Field.tsx';
import { fieldId } from '../../ui/form-errors.ts';
import { useActionPanel } from './action-panel.ts';
import { ActionPanel } from './ActionPanel.tsx';
import { useRequestVoucherReturnMutation, type VoucherReturnReason } from './VoucherReturnMutation.ts';
import type { VoucherReturn_voucher$key } from '../../__generated__/VoucherReturn_voucher.graphql';
import './voucher-return.css';

/** The reasons as the form offers them, in the shop's words (domain RETURN_REASON_WORDS). */
const REASONS: ReadonlyArray<{ value: VoucherReturnReason; label: string }> = [
  { value: 'DAMAGED', label: RETURN_REASON_WORDS.damaged },
  { value: 'NOT_AS_DESCRIBED', label: RETURN_REASON_WORDS.not_as_described },
  { value: 'WRONG_ITEM', label: RETURN_REASON_WORDS.wrong_item },
  { value: 'CHANGED_MIND', label: RETURN_REASON_WORDS.changed_mind },
];

export const RETURN_WORDS = {
  open: 'Return this item',
  title: 'Return this item',
  reason: 'Why are you sending it back?',
  reasonMissing: 'Please choose why you are sending it back.',
  note: 'Anything else the merchant should know (optional)',
  confirm: 'Confirm return',
  busy: 'Requesting your return…',
  cancel: 'Cancel',
  failed: 'Your return was not requested',
  unreachable: 'We could not reach Thistle Deals to request your return. Please check your connection and press Confirm return again.',
  progress: 'Your return',
  label: 'Download returns label',
  labelHint: 'Print the label, stick it on the parcel and hand it to the carrier.',
} as const;

/**
 * Sending goods bought by post back (issue 16 point 6; spec §7 create-return-order): a voucher
 * of a postal deal that is Ready to Redeem offers "Return this item", a disclosure with the
 * reasons (radio buttons, one required) and an optional note; "Confirm return" requests it, and
 * the answer's voucher updates the card by its id. Once there is a return, the card shows its
 * progress in the spec §3 words (Return Requested, Return in Transit, Returned to the Merchant,
 * Refunded) with when each step was reached, the tracking reference and where the parcel goes,
 * and "Download returns label" (the PDF) until the merchant has it back. Nothing otherwise.
 */
export function VoucherReturn({ voucher }: { voucher: VoucherReturn_voucher$key }) {
  const v = useFragment(
    graphql`
      fragment VoucherReturn_voucher on Voucher {
        id
        returnable
        return {
          id
          status
          reasonText
          carrier
          trackingNumber
          labelUrl
          to {
            name
            address
            postcode
          }
          steps {
            status
            at
          }
          refunded {
            formatted
          }
        }
      }
    `,
    voucher,
  );
  const [requestReturn] = useRequestVoucherReturnMutation();
  const [reason, setReason] = useState<VoucherReturnReason | null>(null);
  const [note, setNote] = useState('');
  const panel = useActionPanel({
    onClose: () => {
      setReason(null);
      setNote('');
    },
  });
  const { uid, form, busy } = panel;
  const reasonField = `${uid}-reason`;
  const noteField = `${uid}-note`;
  const progress = useRef<HTMLHeadingElement>(null);
  const [requested, setRequested] = useState(false);

  // Once requested, focus goes to the return's progress (the form is gone): whichever comes
  // last, the answer read or the voucher updated in the store.
  const hasReturn = v.return != null;
  useEffect(() => {
    if (hasReturn && requested) progress.current?.focus();
  }, [hasReturn, requested]);

  if (v.return) {
    const r = v.return;
    const reached = r.steps.filter((s) => s.at !== null).length;
    const labelUseful = r.status === 'Return Requested' || r.status === 'Return in Transit';
    return (
      <section className="voucher-return" aria-labelledby={`${uid}-progress`}>
        <h3 id={`${uid}-progress`} ref={progress} tabIndex={-1} className="voucher-return__title">
          {RETURN_WORDS.progress}
        </h3>
        <ol className="voucher-return__steps">
          {r.steps.map((step, i) => (
            <li
              key={step.status}
              className={`voucher-return__step${step.at ? ' voucher-return__step--done' : ''}`}
              aria-current={i === reached - 1 ? 'step' : undefined}
            >
              <span className="voucher-return__step-name">{step.status}</span>
              {step.at ? (
                <time className="voucher-return__step-at" dateTime={step.at}>
                  {formatDate(step.at)}
                </time>
              ) : (
                <span className="visually-hidden"> (not yet)</span>
              )}
            </li>
          ))}
        </ol>
        <dl className="voucher-return__facts">
          <div>
            <dt>Reason</dt>
            <dd>{r.reasonText}</dd>
          </div>
          <div>
            <dt>Carrier</dt>
            <dd>{r.carrier}</dd>
          </div>
          <div>
            <dt>Tracking reference</dt>
            <dd className="voucher-return__tracking">{r.trackingNumber}</dd>
          </div>
          <div>
            <dt>Send to</dt>
            <dd>{`${r.to.name}, ${r.to.address}, ${r.to.postcode}`}</dd>
          </div>
        </dl>
        {r.refunded ? <p className="voucher-return__refunded">{`Refund of ${r.refunded.formatted} to your original payment method.`}</p> : null}
        {labelUseful ? (
          <p className="voucher-return__label">
            {/* A file the shop answers (the PDF), not a page of the app: an ordinary link that downloads it. */}
            <a className="button button--secondary voucher-card__action" href={r.labelUrl} download>
              {RETURN_WORDS.label}
              <span className="visually-hidden"> (PDF)</span>
            </a>
            <span className="voucher-return__hint">{RETURN_WORDS.labelHint}</span>
          </p>
        ) : null}
      </section>
    );
  }
  if (!v.returnable) return null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!reason) {
      form.show([{ field: reasonField, message: RETURN_WORDS.reasonMissing }]);
      return;
    }
    const result = await panel.send(() => requestReturn({ input: { voucherId: v.id, reason, note: note.trim() ? note.trim() : null } }), RETURN_WORDS.unreachable);
    if (!result) return;
    if (result.__typename === 'VoucherReturnRequested') {
      setRequested(true);
      return;
    }
    form.show([{ field: result.field === 'note' ? noteField : null, message: result.message || BUYING_MESSAGES.somethingWrong }]);
  }

  const reasonErrors = form.of(reasonField);
  const noteErrors = form.of(noteField);
  const reasonId = fieldId(reasonField);
  const noteId = fieldId(noteField);
  return (
    <div className="voucher-return-offer">
      <button {...panel.toggle}>{RETURN_WORDS.open}</button>
      {panel.open ? (
        <ActionPanel
          panel={panel}
          words={RETURN_WORDS}
          fields={{ [reasonField]: 'Reason', [noteField]: 'Note' }}
          className="voucher-refund voucher-return__form"
          onSubmit={(e) => void onSubmit(e)}
        >
          <fieldset
            className={`choices voucher-refund__choices${reasonErrors.length > 0 ? ' form-group--error' : ''}`}
            disabled={busy}
            aria-describedby={reasonErrors.length > 0 ? `${reasonId}-error` : undefined}
          >
            <legend className="form-label">{RETURN_WORDS.reason}</legend>
            <ErrorMessage id={`${reasonId}-error`} messages={reasonErrors} />
            <div className="choices__list">
              {REASONS.map((option, i) => (
                <div className="radio" key={option.value}>
                  <input
                    type="radio"
                    className="radio__input"
                    // The first choice carries the field's id: the error summary's link lands on it.
                    id={i === 0 ? reasonId : `${uid}-${option.value}`}
                    name={`${uid}-reason`}
                    checked={reason === option.value}
                    onChange={() => {
                      setReason(option.value);
                      form.dismiss([reasonField]);
                    }}
                  />
                  <label className="radio__label" htmlFor={i === 0 ? reasonId : `${uid}-${option.value}`}>
                    {option.label}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <div className={`form-group${noteErrors.length > 0 ? ' form-group--error' : ''}`}>
            <label className="form-label" htmlFor={noteId}>
              {RETURN_WORDS.note}
            </label>
            <ErrorMessage id={`${noteId}-error`} messages={noteErrors} />
            <textarea
              id={noteId}
              className="input voucher-return__note"
              rows={3}
              maxLength={RETURN_NOTE_MAX}
              value={note}
              disabled={busy}
              aria-invalid={noteErrors.length > 0 || undefined}
              aria-describedby={noteErrors.length > 0 ? `${noteId}-error` : undefined}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
        </ActionPanel>
      ) : null}
    </div>
  );
}
