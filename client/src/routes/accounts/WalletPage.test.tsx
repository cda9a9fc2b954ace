/**
 * /myaccount/wallet (issue 18 point 1) against relay-test-utils' mock environment: the balance and
 * what each part means, the credit that expires with its date, the history newest first with
 * "Show more" asking for the page after the last line; a shopper never credited sees the empty
 * state; spec §4: a wallet that could not be read shows the message and no figure at all.
 */
import { act, screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-page.tsx';
import { Component as WalletPage } from './WalletPage.tsx';
import WalletPageQuery from '../../__generated__/WalletPageQuery.graphql';
import { WALLET_ERROR_TEXT, WALLET_ERROR_TITLE } from '../../features/wallet/wallet-words.ts';
import { createMockEnvironment } from 'relay-test-utils';

const money = (amount: number) => ({ amount, currency: 'GBP', formatted: `${amount < 0 ? '-' : ''}£${Math.abs(amount) % 100 === 0 ? Math.abs(amount) / 100 : (Math.abs(amount) / 100).toFixed(2)}` });
const tx = (id: string, description: string, amount: number, createdAt: string) => ({ cursor: `c-${id}`, node: { __typename: 'WalletTransaction', id, description, change: money(amount), createdAt } });

async function show(walletState: Record<string, unknown>) {
  const environment = createMockEnvironment();
  const page = renderRoutes([{ path: '/myaccount/wallet', element: <WalletPage />, loader: () => loadQuery(environment, WalletPageQuery, {}) }], '/myaccount/wallet', environment);
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) =>
      MockPayloadGenerator.generate(operation, { Customer: () => ({ id: 'Q3VzdG9tZXI6MQ==', walletState }) }),
    );
  });
  await screen.findByRole('heading', { level: 1, name: 'My Wallet' });
  return page;
}

const credited = {
  hasError: false,
  userWallet: [{ currency: 'GBP', balance: money(1750), marketingBalance: money(500), refundableBalance: money(1250) }],
  creditLots: [
    { bucket: 'REFUNDABLE', amount: money(650), remaining: money(250), expiresAt: '2026-12-11T23:59:59.999Z', description: 'Expired voucher credit' },
    { bucket: 'REFUNDABLE', amount: money(1000), remaining: money(1000), expiresAt: '2027-11-27T23:59:59.999Z', description: 'Wallet credit' },
  ],
  history: {
    edges: [tx('V2FsbGV0VHJhbnNhY3Rpb246NQ==', 'Paid towards an order', -400, '2026-11-27T10:00:00.000Z'), tx('V2FsbGV0VHJhbnNhY3Rpb246NA==', 'Welcome credit', 500, '2026-11-26T10:00:00.000Z')],
    pageInfo: { hasNextPage: true, endCursor: 'c-V2FsbGV0VHJhbnNhY3Rpb246NA==', hasPreviousPage: false, startCursor: 'c-V2FsbGV0VHJhbnNhY3Rpb246NQ==' },
  },
};

describe('WalletPage', () => {
  it('the balance and its parts, the credit that expires soonest first, the history newest first, and Show more', async () => {
    const { environment, user } = await show(credited);
    expect(screen.getByTestId('wallet-balance-GBP')).toHaveTextContent('£17.50');
    expect(screen.getByText('Refundable credit', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText(/pays up to 10% of each item, up to £5 per item/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Credit that expires, soonest first' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Expired voucher credit');
    expect(rows[1]).toHaveTextContent('£2.50');
    expect(rows[1]).toHaveTextContent('11 December 2026');
    expect(rows[2]).toHaveTextContent('27 November 2027');
    const lines = within(screen.getByRole('region', { name: 'Wallet history' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['Paid towards an order27 November 2026−£4', 'Welcome credit26 November 2026+£5']);
    expect(screen.getByRole('link', { name: 'Wallet credit explained' })).toHaveAttribute('href', '/page/wallet-credit-more-info');
    expect(screen.getByRole('link', { name: 'Wallet terms of use' })).toHaveAttribute('href', '/page/wallettermsofuse');

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const next = environment.mock.getMostRecentOperation();
    expect(next.request.node.params.name).toBe('WalletHistoryPaginationQuery');
    expect(next.request.variables).toMatchObject({ after: 'c-V2FsbGV0VHJhbnNhY3Rpb246NA==', first: 20 });
  });

  it('a shopper never credited: the empty state, and no history yet', async () => {
    await show({ hasError: false, userWallet: [], creditLots: [], history: { edges: [], pageInfo: { hasNextPage: false, endCursor: null, hasPreviousPage: false, startCursor: null } } });
    expect(screen.getByRole('heading', { name: 'Your wallet is empty' })).toBeInTheDocument();
    expect(screen.getByText('Nothing has been paid into or out of your wallet yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('spec §4: a wallet that could not be read shows the message and no figure', async () => {
    await show({ hasError: true, userWallet: [], creditLots: [], history: null });
    expect(screen.getByRole('heading', { name: WALLET_ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByText(WALLET_ERROR_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/£/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your wallet is empty' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Wallet history' })).not.toBeInTheDocument();
  });
});
