import type { FormEvent, ReactNode } from 'react';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { SubmitButton } from '../../ui/Field.tsx';
import type { ActionPanelState } from './action-panel.ts';

/** An action's words in its panel. */
interface PanelWords {
  title: string;
  failed: string;
  confirm: string;
  busy: string;
  cancel: string;
}

type Props = {
  panel: ActionPanelState;
  words: PanelWords;
  /** The error summary's names of the action's own fields. */
  fields?: Record<string, string>;
  className?: string;
  /** What the panel says or asks between its error summary and its buttons. */
  children: ReactNode;
} & ({ onConfirm: () => void; onSubmit?: never } | { onSubmit: (e: FormEvent<HTMLFormElement>) => void; onConfirm?: never });

/**
 * The open panel of a voucher card's action: its heading (focused on opening), the error summary,
 * the action's own text or fields, the pending state said to screen readers, then Confirm and
 * Cancel. With `onSubmit` it is a form (its fields submit it); with `onConfirm`, a section whose
 * Confirm button sends the action.
 */
export function ActionPanel({ panel, words, fields = {}, className = 'voucher-refund', children, onConfirm, onSubmit }: Props) {
  const { busy } = panel;
  const body = (
    <>
      <h3 {...panel.heading} className="voucher-refund__title">
        {words.title}
      </h3>
      <ErrorSummary errors={panel.form.errors} attempt={panel.form.attempt} fields={fields} title={words.failed} headingLevel={4} />
      {children}
      <p role="status" className="visually-hidden">
        {busy ? words.busy : ''}
      </p>
      <div className="form-actions voucher-refund__actions">
        {onSubmit ? (
          <SubmitButton busy={busy} busyLabel={words.busy}>
            {words.confirm}
          </SubmitButton>
        ) : (
          <button type="button" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={onConfirm}>
            {busy ? words.busy : words.confirm}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={panel.close}>
          {words.cancel}
        </button>
      </div>
    </>
  );
  return onSubmit ? (
    <form id={panel.panelId} className={className} aria-labelledby={panel.titleId} noValidate onSubmit={onSubmit}>
      {body}
    </form>
  ) : (
    <section id={panel.panelId} className={className} aria-labelledby={panel.titleId}>
      {body}
    </section>
  );
}

/** What the action did, in place of its offer: focused when it appears. */
export function DoneMessage({ panel }: { panel: ActionPanelState }) {
  return (
    <p {...panel.doneMessage} className="voucher-refund__done" role="status">
      {panel.done}
    </p>
  );
}
