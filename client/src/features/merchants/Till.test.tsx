/**
 * The merchant's till (issue 17 point 3) against relay-test-utils' mock environment: a typed code
 * is sent for the chosen business with a fresh attempt id; each answer is announced in the live
 * region in words (redeemed with the undo deadline, already redeemed, not found); Undo sends the
 * voucher's id and says it is undone; an empty code is caught before anything is sent. A file is
 * sent whole, with the business and its name, to the shop's file route (a fetch, answered here as
 * the gateway answers) and its results come back as a table with the counts; a file over 2 MB is
 * refused in words before it is sent.
 */
import { act, screen, within } from '@testing-library/react';
import { MockPayloadGenerator, type createMockEnvironment } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-page.tsx';
import { RedeemCodeForm } from './RedeemCodeForm.tsx';
import { RedeemFileForm } from './RedeemFileForm.tsx';
import { londonClock } from './till-words.ts';

const BUSINESS = 'TWVyY2hhbnRCdXNpbmVzczoy';
const CODE = 'K7QZ2M-9TXB4R-WC3HDN';
const VOUCHER = '6f1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f60';
type Env = ReturnType<typeof createMockEnvironment>;

const renderTill = () => renderRoutes([{ path: '/insights', element: (<><RedeemCodeForm businessId={BUSINESS} /><RedeemFileForm businessId={BUSINESS} /></>) }], '/insights');

function pending(environment: Env, name: string) {
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.node.operation.name).toBe(name);
  return operation.request.variables.input as Record<string, unknown>;
}
async function answer(environment: Env, field: string, member: Record<string, unknown>) {
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) => MockPayloadGenerator.generate(operation, { Mutation: () => ({ [field]: member }) }));
  });
}
const codeSection = () => screen.getByRole('region', { name: 'Redeem a voucher' });
const fileSection = () => screen.getByRole('region', { name: 'Redeem a file of codes' });

describe('Redeem a voucher', () => {
  it('sends the typed code for the business, announces Redeemed with the undo deadline, and undoes it', async () => {
    const { environment, user } = renderTill();
    const section = codeSection();
    await user.type(within(section).getByRole('textbox', { name: 'Voucher code' }), CODE.toLowerCase());
    await user.click(within(section).getByRole('button', { name: 'Redeem' }));
    const input = pending(environment, 'RedeemCodeFormRedeemMutation');
    expect(input).toEqual({ businessId: BUSINESS, code: CODE.toLowerCase(), attemptId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const undoUntil = new Date(Date.now() + 15 * 60_000).toISOString();
    await answer(environment, 'redeemVoucherCode', { __typename: 'VoucherCodeRedeemed', voucherId: VOUCHER, voucherCode: CODE, dealTitle: 'Afternoon tea at the Willow', optionTitle: 'Tea for two', undoUntil });
    const status = within(section).getByRole('status');
    expect(status).toHaveTextContent(`Redeemed: ${CODE} (Afternoon tea at the Willow: Tea for two).`);
    expect(status).toHaveTextContent(`You can undo this until ${londonClock(undoUntil)}.`);
    expect(within(section).getByRole('textbox', { name: 'Voucher code' })).toHaveValue('');

    await user.click(within(section).getByRole('button', { name: 'Undo redemption' }));
    expect(pending(environment, 'tillAnswersUndoMutation')).toEqual({ businessId: BUSINESS, voucherId: VOUCHER });
    await answer(environment, 'undoRedemption', { __typename: 'RedemptionUndone', voucherCode: CODE, status: 'Ready to Redeem' });
    expect(status).toHaveTextContent(`Redemption undone: ${CODE} is Ready to Redeem again.`);
    expect(within(section).queryByRole('button', { name: 'Undo redemption' })).not.toBeInTheDocument();
  });

  it('says when a code was already redeemed, when it is not found, and an undo refused; no Undo for those', async () => {
    const { environment, user } = renderTill();
    const section = codeSection();
    const field = within(section).getByRole('textbox', { name: 'Voucher code' });
    await user.type(field, CODE);
    await user.click(within(section).getByRole('button', { name: 'Redeem' }));
    await answer(environment, 'redeemVoucherCode', { __typename: 'VoucherCodeAlreadyRedeemed', message: 'This voucher was redeemed on 27 November 2026.' });
    expect(within(section).getByRole('status')).toHaveTextContent('Already redeemed: This voucher was redeemed on 27 November 2026.');
    expect(within(section).queryByRole('button', { name: 'Undo redemption' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Redeem' }));
    await answer(environment, 'redeemVoucherCode', { __typename: 'NotFoundError', code: 'NOT_FOUND', message: 'Sorry, we could not find that.', field: 'code' });
    expect(within(section).getByRole('status')).toHaveTextContent('Not found: Sorry, we could not find that voucher code.');

    await user.click(within(section).getByRole('button', { name: 'Redeem' }));
    // The option's title starting with the deal's (as the catalogue has them) says it once.
    await answer(environment, 'redeemVoucherCode', { __typename: 'VoucherCodeRedeemed', voucherId: VOUCHER, voucherCode: CODE, dealTitle: 'Tea at the Willow', optionTitle: 'Tea at the Willow: Tea for two', undoUntil: new Date(Date.now() + 60_000).toISOString() });
    expect(within(section).getByRole('status')).toHaveTextContent(`Redeemed: ${CODE} (Tea at the Willow: Tea for two).`);
    await user.click(within(section).getByRole('button', { name: 'Undo redemption' }));
    await answer(environment, 'undoRedemption', { __typename: 'RedemptionError', code: 'REDEMPTION_UNDO_EXPIRED', message: 'A redemption can be undone within 15 minutes.', field: 'voucherId' });
    expect(within(section).getByRole('status')).toHaveTextContent('Not undone: A redemption can be undone within 15 minutes.');
  });

  it('an empty code is an error at the field, and nothing is sent', async () => {
    const { environment, user } = renderTill();
    const section = codeSection();
    await user.click(within(section).getByRole('button', { name: 'Redeem' }));
    expect(within(section).getByRole('textbox', { name: 'Voucher code' })).toHaveAccessibleDescription(/Enter a voucher code\./);
    expect(within(section).getByRole('alert')).toHaveFocus();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});

describe('Redeem a file of codes', () => {
  /** The network below the form: the shop's file route, answered as the gateway answers it. */
  function fileRoute(answer: unknown, status = 200) {
    const sent: Array<{ url: string; init: RequestInit | undefined }> = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      sent.push({ url: String(url), init });
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    });
    return { sent, restore: () => spy.mockRestore() };
  }

  it('sends the file itself to the file route with the business and its name, and shows a result per line with the counts', async () => {
    const route = fileRoute({
      __typename: 'VoucherCodesRedeemed',
      lines: [
        { line: 2, code: CODE, result: 'ALREADY_REDEEMED', message: 'This voucher was redeemed on 27 November 2026.' },
        { line: 4, code: 'ZZZZZZ-ZZZZZZ-ZZZZZZ', result: 'NOT_FOUND', message: 'Sorry, we could not find that voucher code.' },
      ],
      summary: { redeemed: 0, alreadyRedeemed: 1, notRedeemable: 0, notFound: 1, unreadable: 0 },
    });
    try {
      const { environment, user } = renderTill();
      const section = fileSection();
      const csv = `code\n${CODE}\n\nZZZZZZ-ZZZZZZ-ZZZZZZ\n`;
      await user.upload(within(section).getByLabelText('File of codes'), new File([csv], 'friday.csv', { type: 'text/csv' }));
      await user.click(within(section).getByRole('button', { name: 'Upload and redeem' }));
      expect(await within(section).findByRole('table', { name: 'Results of friday.csv' })).toBeInTheDocument();
      expect(route.sent).toHaveLength(1);
      expect(route.sent[0]!.url).toBe(`/insights/redemption-file?business=${encodeURIComponent(BUSINESS)}&name=friday.csv`);
      expect(route.sent[0]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'text/csv' }, body: csv });
      expect(environment.mock.getAllOperations()).toHaveLength(0);
      expect(within(section).getByRole('status')).toHaveTextContent('friday.csv: 1 already redeemed, 1 not found.');
      const table = within(section).getByRole('table', { name: 'Results of friday.csv' });
      const rows = within(table).getAllByRole('row').map((r) => within(r).getAllByRole(r.querySelector('th') ? 'columnheader' : 'cell').map((c) => c.textContent));
      expect(rows).toEqual([
        ['Line', 'Code', 'Result'],
        ['2', CODE, 'Already redeemed: This voucher was redeemed on 27 November 2026.'],
        ['4', 'ZZZZZZ-ZZZZZZ-ZZZZZZ', 'Not found: Sorry, we could not find that voucher code.'],
      ]);
    } finally {
      route.restore();
    }
  });

  it("shows the shop's refusal of a file at the field; no file, or one over 2 MB, is refused before sending", async () => {
    const route = fileRoute({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', message: 'empty.csv has no codes: put one code on each line.', field: 'csv' });
    try {
      const { user } = renderTill();
      const section = fileSection();
      await user.click(within(section).getByRole('button', { name: 'Upload and redeem' }));
      expect(within(section).getByLabelText('File of codes')).toHaveAccessibleDescription(/Choose a \.csv or \.txt file of voucher codes\./);
      await user.upload(within(section).getByLabelText('File of codes'), new File(['A'.repeat(2_000_001)], 'huge.csv', { type: 'text/csv' }));
      await user.click(within(section).getByRole('button', { name: 'Upload and redeem' }));
      expect(within(section).getByLabelText('File of codes')).toHaveAccessibleDescription(/huge\.csv is larger than 2 MB: a file of codes can have at most 10,000 codes\./);
      expect(route.sent).toHaveLength(0);

      await user.upload(within(section).getByLabelText('File of codes'), new File(['\n\n'], 'empty.csv', { type: 'text/csv' }));
      await user.click(within(section).getByRole('button', { name: 'Upload and redeem' }));
      await vi.waitFor(() => expect(within(section).getByLabelText('File of codes')).toHaveAccessibleDescription(/empty\.csv has no codes: put one code on each line\./));
      expect(route.sent).toHaveLength(1);
    } finally {
      route.restore();
    }
  });
});
