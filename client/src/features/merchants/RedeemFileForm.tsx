import { useId, useRef, useState, type FormEvent } from 'react';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { ErrorMessage, FormGroup } from '../../ui/Field.tsx';
import { fieldId, useFormErrors } from '../../ui/form-errors.ts';
import { countsInWords, FILE_MAX_BYTES, LINE_RESULT_WORDS } from './till-words.ts';

interface Line {
  line: number;
  code: string;
  result: string;
  message: string;
}
interface Summary {
  redeemed: number;
  alreadyRedeemed: number;
  notRedeemable: number;
  notFound: number;
  unreadable: number;
}
type Redeemed = { lines: Line[]; summary: Summary };
/** The file route's answer: redeemVoucherCodes's result as JSON (gateway redemption-file.routes.ts). */
type FileAnswer = ({ __typename: 'VoucherCodesRedeemed' } & Redeemed) | { __typename: string; message?: string };

/** Sends the file itself (it may be larger than /graphql takes): the answer, or null when it could not be sent. */
async function sendFile(businessId: string, file: File): Promise<FileAnswer | null> {
  const url = `/insights/redemption-file?${new URLSearchParams({ business: businessId, name: file.name })}`;
  const response = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'text/csv' }, body: await file.text() });
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') ? ((await response.json()) as FileAnswer) : null;
}
const FIELDS = { csv: 'File of codes' };

/**
 * "Redeem a file of codes" (issue 17 point 3): a .csv or .txt file (one code a line, or a code
 * column) of up to 10,000 codes, sent whole to the shop's file route (it runs redeemVoucherCodes);
 * the answer is a table of every line with a code (line, code, result) and the counts, announced
 * in a live region.
 */
export function RedeemFileForm({ businessId }: { businessId: string }) {
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
      errors.show([{ field: 'csv', message: `${file.name} is larger than 2 MB: a file of codes can have at most 10,000 codes.` }]);
      return;
    }
    errors.clear();
    setBusy(true);
    setResult(null);
    try {
      const answer = await sendFile(businessId, file);
      if (answer && answer.__typename === 'VoucherCodesRedeemed' && 'lines' in answer) setResult({ fileName: file.name, answer: { lines: answer.lines, summary: answer.summary } });
      else if (answer?.__typename === 'UnauthenticatedError') errors.show([{ field: null, message: 'You are signed out: sign in again, then send the file.' }]);
      else errors.show([{ field: 'csv', message: (answer && 'message' in answer && answer.message) || 'Sorry, something went wrong.' }]);
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
