import { useState, type FormEvent } from 'react';
import { graphql } from 'react-relay';
import { useCommit } from '../../../relay/use-commit.ts';
import { ErrorSummary } from '../../../ui/ErrorSummary.tsx';
import { ErrorMessage, FormGroup, TextField } from '../../../ui/Field.tsx';
import { fieldId, useFormErrors } from '../../../ui/form-errors.ts';
import { readUserError } from '../../../ui/UserErrorFields.ts';
import type { MarkSentFormMutation, MarkSentFormMutation$data } from '../../../__generated__/MarkSentFormMutation.graphql';
import { CARRIERS, TRACKING_REFERENCE_HINT, trackingReferenceError, type CarrierValue } from './posting-words.ts';

const mutation = graphql`
  mutation MarkSentFormMutation($input: MarkVoucherSentInput!) {
    markVoucherSent(input: $input) {
      __typename
      ... on VoucherMarkedSent {
        order {
          orderNumber
          sent {
            carrier
            trackingReference
          }
        }
      }
      ...UserErrorFields @alias(as: "userError")
    }
  }
`;

type Answer = MarkSentFormMutation$data['markVoucherSent'];

/**
 * "Mark as sent" for one unit of an order to post: the carrier (a select) and the tracking
 * reference, checked here first and again by the shop; errors name their field (the summary links
 * to it). Sent, `onSent` says so for the page (which announces it and reloads its lists).
 */
export function MarkSentForm({ businessId, voucherId, orderNumber, onSent }: { businessId: string; voucherId: string; orderNumber: string; onSent: (text: string) => void }) {
  const [commit] = useCommit<MarkSentFormMutation, Answer>(mutation, (r) => r.markVoucherSent);
  const errors = useFormErrors();
  const [carrier, setCarrier] = useState<CarrierValue | ''>('');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  // One form per order on the page: its fields' ids are its own.
  const names = { carrier: `carrier-${voucherId}`, trackingReference: `trackingReference-${voucherId}` };
  const fields = { [names.carrier]: 'Carrier', [names.trackingReference]: 'Tracking reference' };
  const carrierErrors = errors.of(names.carrier);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = [
      ...(carrier ? [] : [{ field: names.carrier, message: 'Choose the carrier.' }]),
      ...((m) => (m ? [{ field: names.trackingReference, message: m }] : []))(trackingReferenceError(reference)),
    ];
    if (problems.length) {
      errors.show(problems);
      return;
    }
    errors.clear();
    setBusy(true);
    try {
      const answer = await commit({ input: { businessId, voucherId, carrier: carrier as CarrierValue, trackingReference: reference.trim() } });
      if (answer.__typename === 'VoucherMarkedSent' && answer.order?.sent) {
        onSent(`Order ${answer.order.orderNumber} marked sent by ${answer.order.sent.carrier}, tracking ${answer.order.sent.trackingReference}.`);
        return;
      }
      const error = answer.userError ? readUserError(answer.userError) : null;
      const field = error?.field === 'carrier' ? names.carrier : error?.field === 'trackingReference' ? names.trackingReference : null;
      errors.show([{ field, message: error?.message ?? 'Sorry, something went wrong.' }]);
    } catch {
      errors.show([{ field: null, message: 'Sorry, we could not reach the shop. Check the connection and try again.' }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="posting-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`Mark order ${orderNumber} as sent`}>
      <ErrorSummary errors={errors.errors} attempt={errors.attempt} fields={fields} headingLevel={4} />
      <FormGroup id={fieldId(names.carrier)} label="Carrier" invalid={carrierErrors.length > 0}>
        <ErrorMessage id={`${fieldId(names.carrier)}-error`} messages={carrierErrors} />
        <select
          id={fieldId(names.carrier)}
          name={names.carrier}
          className="input posting-form__select"
          value={carrier}
          aria-invalid={carrierErrors.length > 0 || undefined}
          aria-describedby={carrierErrors.length > 0 ? `${fieldId(names.carrier)}-error` : undefined}
          onChange={(e) => {
            setCarrier(e.target.value as CarrierValue | '');
            errors.dismiss([names.carrier]);
          }}
        >
          <option value="">Choose…</option>
          {CARRIERS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </FormGroup>
      <TextField
        name={names.trackingReference}
        label="Tracking reference"
        hint={TRACKING_REFERENCE_HINT}
        value={reference}
        onChange={(e) => {
          setReference(e.target.value);
          errors.dismiss([names.trackingReference]);
        }}
        errors={errors.of(names.trackingReference)}
        autoComplete="off"
        spellCheck={false}
        maxLength={60}
      />
      <button type="submit" className="button button--primary" aria-busy={busy || undefined}>
        Mark as sent
      </button>
    </form>
  );
}
