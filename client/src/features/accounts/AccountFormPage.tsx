import type { FormEventHandler, ReactNode } from 'react';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { SubmitButton } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import type { FormError } from '../../ui/form-errors.ts';
import { AccountPage } from './AccountPage.tsx';

/**
 * An account page around one form (profile, password, deletion): the error summary, a success
 * notice that takes focus (a new `done.at` each time), what comes before the form, the form with
 * its submit button and other actions, and what follows it.
 */
export function AccountFormPage(props: {
  title: string;
  form: { errors: readonly FormError[]; attempt: number };
  /** The fields by their names in the summary, in the order of the form. */
  fields: Readonly<Record<string, string>>;
  done?: { at: number; title: string; body: ReactNode } | null;
  before?: ReactNode;
  /** The form gives way to what `before` says (a link was emailed instead). */
  hidden?: boolean;
  label: string;
  className?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submit: { busy: boolean; label: string; busyLabel: string; variant?: 'primary' | 'danger' };
  actions?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  const { form, done, submit } = props;
  return (
    <AccountPage title={props.title} hasErrors={form.errors.length > 0} summary={<ErrorSummary errors={form.errors} attempt={form.attempt} fields={props.fields} />}>
      {done ? (
        <Notice key={done.at} title={done.title} variant="success" focus>
          <p>{done.body}</p>
        </Notice>
      ) : null}
      {props.before}
      {props.hidden ? null : (
      <form noValidate onSubmit={props.onSubmit} className={props.className ?? 'panel'} aria-label={props.label}>
        {props.children}
        <div className="form-actions">
          <SubmitButton busy={submit.busy} busyLabel={submit.busyLabel} variant={submit.variant}>
            {submit.label}
          </SubmitButton>
          {props.actions}
        </div>
      </form>
      )}
      {props.after}
    </AccountPage>
  );
}
