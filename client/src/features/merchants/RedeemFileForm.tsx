import { useId, useRef, useState, type FormEvent } from 'react';
import { graphql } from 'react-relay';
import { useCommit } from '../../relay/use-commit.ts';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { ErrorMessage, FormGroup } from '../../ui/Field.tsx';
import { fieldId, useFormErrors } from '../../ui/form-errors.ts';
import { readUserError } from '../../ui/UserErrorFields.ts';
import type { RedeemFileFormMutation, RedeemFileFormMutation$data } from '../../__generated__/RedeemFileFormMutation.graphql';
import { countsInWords, FILE_MAX_BYTES, LINE_RESULT_WORDS } from './till-words.ts';

const mutation = graphql`
  mutation RedeemFileFormMutation($input: RedeemVoucherCodesInput!) {
    redeemVoucherCodes(input: $input) {
      __typename
      ... on VoucherCodesRedeemed {
        lines {
          line
          code
          result
          message
        }
        summary {
          redeemed
          alreadyRedeemed
          notRedeemable
          notFound
          unreadable
        }
      }
      ...UserErrorFields @alias(as: "userError")
    }
  }
`;

type Answer = RedeemFileFormMutation$data['redeemVoucherCodes'];
type Redeemed = { lines: NonNullable<Answer['lines']>; summary: NonNullable<Answer['summary']> };
const FIELDS = { csv: 'File of codes' };

/**
 * "Redeem a file of codes" (issue 17 point 3): a .csv or .txt file (one code a line, or a code
 * column), sent whole; the answer is a table of every line with a code (line, code, result) and
 * the counts, announced in a live region.
 */
export function RedeemFileForm({ businessId }: { businessId: string }) {
  const [send] = useCommit<RedeemFileFormMutation, Answer>(mutation, (r) => r.redeemVoucherCodes);
  const errors = useFormErrors();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ fileName: string; answer: Redeemed } | null>(null);
  const headingId = useId();
  const id = fieldId('csv');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const file = input.current?.files?.[0];
    if (!file) {
      errors.show([{ field: 'csv', message: 'Choose a .csv or .txt file of voucher codes.' }]);
      return;
    }
    if (file.size > FILE_MAX_BYTES) {
      errors.show([{ field: 'csv', message: `${file.name} is larger than 95 KB: split it into files of at most 4,000 codes.` }]);
      return;
    }
    errors.clear();
    setBusy(true);
    setResult(null);
    try {
      const answer = await send({ input: { businessId, csv: await file.text(), fileName: file.name } });
      if (answer.lines && answer.summary) setResult({ fileName: file.name, answer: { lines: answer.lines, summary: answer.summary } });
      else {
        const error = answer.userError ? readUserError(answer.userError) : null;
        errors.show([{ field: 'csv', message: error?.message ?? 'Sorry, something went wrong.' }]);
      }
    } catch {
      errors.show([{ field: null, message: 'Sorry, the file could not be sent. Check the connection and try again.' }]);
    } finally {
      setBusy(false);
    }
  };

  const messages = errors.of('csv');
  return (
    <section className="till-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Redeem a file of codes</h2>
      <form className="till-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={headingId}>
        <ErrorSummary errors={errors.errors} attempt={errors.attempt} fields={FIELDS} />
        <FormGroup id={id} label={FIELDS.csv} invalid={messages.length > 0}>
          <div id={`${id}-hint`} className="form-hint">
            A .csv or .txt file: one code on each line, or a column headed “code”. Blank lines are skipped.
          </div>
          <ErrorMessage id={`${id}-error`} messages={messages} />
          <input
            ref={input}
            id={id}
            name="csv"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            aria-describedby={`${id}-hint${messages.length ? ` ${id}-error` : ''}`}
            aria-invalid={messages.length > 0 || undefined}
            onChange={() => errors.dismiss(['csv'])}
          />
        </FormGroup>
        <button type="submit" className="button button--primary" aria-busy={busy || undefined}>
          Upload and redeem
        </button>
      </form>
      <div role="status" aria-live="polite" className="till-result">
        {busy ? <p>Redeeming the codes…</p> : null}
        {result ? (
          <p>
            {result.fileName}: {countsInWords(result.answer.summary)}.
          </p>
        ) : null}
      </div>
      {result ? (
        <table className="till-table">
          <caption>Results of {result.fileName}</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Code</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {result.answer.lines.map((l) => (
              <tr key={l.line}>
                <td>{l.line}</td>
                <td className="till-table__code">{l.code}</td>
                <td>
                  <strong>{LINE_RESULT_WORDS[l.result] ?? l.result}</strong>: {l.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
