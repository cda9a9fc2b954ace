/**
 * The merchant's till (issue 17 point 3) against relay-test-utils' mock environment: a typed code
 * is sent for the chosen business with a fresh attempt id; each answer is announced in the live
 * region in words (redeemed with the undo deadline, already redeemed, not found); Undo sends the
 * voucher's id and says it is undone; an empty code is caught before anything is sent. A file is
 * sent whole with its name and its results come back as a table with the counts; a file too large
 * for the request is refused in words before it is sent.
 */
import { act, screen, within } from '@testing-library/react';
import { MockPayloadGenerator, type createMockEnvironment } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
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
    expect(pending(environment, 'RedeemCodeFormUndoMutation')).toEqual({ businessId: BUSINESS, voucherId: VOUCHER });
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
  it('sends the file with its name and shows a result per line with the counts', async () => {
    const { environment, user } = renderTill();
    const section = fileSection();
    const csv = `code\n${CODE}\n\nZZZZZZ-ZZZZZZ-ZZZZZZ\n`;
    await user.upload(within(section).getByLabelText('File of codes'), new File([csv], 'friday.csv', { type: 'text/csv' }));
    await user.click(within(section).getByRole('button', { name: 'Upload and redeem' }));
    expect(pending(environment, 'RedeemFileFormMutation')).toEqual({ businessId: BUSINESS, csv, fileName: 'friday.csv' });
    await answer(environment, 'redeemVoucherCodes', {
      __typename: 'VoucherCodesRedeemed',
      lines: [
        { line: 2, code: CODE, result: 'ALREADY_REDEEMED', message: 'This voucher was redeemed on 27 November 2026.' },
        { line: 4, code: 'ZZZZZZ-ZZZZZZ-ZZZZZZ', result: 'NOT_FOUND', message: 'Sorry, we could not find that voucher code.' },
      ],
      summary: { redeemed: 0, alreadyRedeemed: 1, notRedeemable: 0, notFound: 1, unreadable: 0 },
    });
    expect(within(section).getByRole('status')).toHaveTextContent('friday.csv: 1 already redeemed, 1 not found.');
    const table = within(section).getByRole('table', { name: 'Results of friday.csv' });
    const rows = within(table).getAllByRole('row').map((r) => within(r).getAllByRole(r.querySelector('th') ? 'columnheader' : 'cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Line', 'Code', 'Result'],
      ['2', CODE, 'Already redeemed: This voucher was redeemed on 27 November 2026.'],
      ['4', 'ZZZZZZ-ZZZZZZ-ZZZZZZ', 'Not found: Sorry, we could not find that voucher code.'],
    ]);
  });

  it("shows the service's refusal of a file at the field; no file, or one too large, is refused before sending", async () => {
    const { environment, user } = renderTill();
    const section = fileSection();
    await user.click(within(section).getByRole('button', { name: 'Upload and redeem' }));
    expect(within(section).getByLabelText('File of codes')).toHaveAccessibleDescription(/Choose a \.csv or \.txt file of voucher codes\./);
    await user.upload(within(section).getByLabelText('File of codes'), new File(['A'.repeat(100 * 1024)], 'huge.csv', { type: 'text/csv' }));
    await user.click(within(section).getByRole('button', { name: 'Upload and redeem' }));
    expect(within(section).getByLabelText('File of codes')).toHaveAccessibleDescription(/huge\.csv is larger than 95 KB: split it into files of at most 4,000 codes\./);
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.upload(within(section).getByLabelText('File of codes'), new File(['\n\n'], 'empty.csv', { type: 'text/csv' }));
    await user.click(within(section).getByRole('button', { name: 'Upload and redeem' }));
    await answer(environment, 'redeemVoucherCodes', { __typename: 'ValidationError', code: 'VALIDATION_FAILED', message: 'empty.csv has no codes: put one code on each line.', field: 'csv' });
    expect(within(section).getByLabelText('File of codes')).toHaveAccessibleDescription(/empty\.csv has no codes: put one code on each line\./);
  });
});
