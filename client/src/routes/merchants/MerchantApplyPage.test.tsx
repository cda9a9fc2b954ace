/**
 * /merchant/apply ("Become a merchant", issue 17), against relay-test-utils' mock environment: the
 * fields with their labels and the categories of the navigation (each once, no "All"); an empty
 * submit lists every field in the error summary, which takes focus, and sends nothing; the
 * server's field errors show in the summary and at the field; the postcode lookup fills the
 * address; sent, the confirmation panel takes focus and the form is gone.
 */
import { act, screen, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page.tsx';
import { Component as MerchantApplyPage } from './MerchantApplyPage.tsx';

const nav = (location: string, items: Array<[string, string]>) => ({ navigation: items.map(([linkText, slug]) => ({ linkText, url: slug ? `/deals/${location}/${slug}` : `/deals/${location}` })) });
const LOCATIONS = [nav('glasgow', [['All', ''], ['Afternoon tea', 'afternoon-tea'], ['Restaurants', 'restaurants']]), nav('edinburgh', [['All', ''], ['Afternoon tea', 'afternoon-tea']]), nav('shop', [['Electricals', 'electricals']])];
const RECEIVED = 'Thanks — check your email';

async function open() {
  const page = renderPage('/merchant/apply', <MerchantApplyPage />);
  await act(async () => {
    page.environment.mock.resolveMostRecentOperation((_operation: OperationDescriptor) => ({ data: { locations: LOCATIONS } }) as never);
  });
  await screen.findByLabelText('Business name');
  return page;
}
async function fill(page: Awaited<ReturnType<typeof open>>) {
  const { user } = page;
  await user.type(screen.getByLabelText('Business name'), 'The Byres Tearoom');
  await user.type(screen.getByLabelText('Your name'), 'Morag Reid');
  await user.type(screen.getByLabelText('Email address'), 'morag@byrestearoom.co.uk');
  await user.type(screen.getByLabelText('Phone number'), '0141 496 0123');
  await user.type(screen.getByLabelText('Address'), '12 Byres Road, Glasgow');
  await user.type(screen.getByLabelText('Postcode'), 'G12 8TD');
  await user.selectOptions(screen.getByLabelText('Category'), 'afternoon-tea');
  await user.selectOptions(screen.getByLabelText('Where you trade'), 'Glasgow');
  await user.selectOptions(screen.getByLabelText('Type of business'), 'local');
}

describe('MerchantApplyPage', () => {
  it('has every field with its label, the navigation categories once each, and a link to the Business FAQ', async () => {
    await open();
    for (const label of ['Business name', 'Your name', 'Email address', 'Find your business address by postcode', 'Postcode', 'Category', 'Where you trade', 'Type of business']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(within(screen.getByLabelText('Category')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a category', 'Afternoon tea', 'Restaurants', 'Electricals']);
    expect(within(screen.getByLabelText('Where you trade')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'Glasgow', 'Edinburgh', 'Aberdeen', 'national']);
    expect(within(screen.getByLabelText('Type of business')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'local', 'shop', 'travel']);
    expect(screen.getByRole('link', { name: 'Business FAQ' })).toHaveAttribute('href', '/page/businessfaq');
  });

  it('an empty submit names every field in the focused error summary and sends nothing', async () => {
    const page = await open();
    const before = page.environment.mock.getAllOperations().length;
    await page.user.click(screen.getByRole('button', { name: 'Send my application' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Business name: Required field',
      'Your name: Required field',
      'Email address: Required field',
      'Phone number: Required field',
      'Address: Required field',
      'Postcode: Required field',
      'Category: Required field',
      'Where you trade: Choose Glasgow, Edinburgh, Aberdeen or national',
      'Type of business: Choose local, shop or travel',
    ]);
    expect(screen.getByLabelText('Business name')).toHaveAttribute('aria-invalid', 'true');
    expect(page.environment.mock.getAllOperations()).toHaveLength(before);
    expect(document.title).toMatch(/^Error: Become a merchant/);
  });

  it("sends the form as the schema takes it, shows the server's field errors, and on success moves focus to the confirmation", async () => {
    const page = await open();
    await fill(page);
    await page.user.click(screen.getByRole('button', { name: 'Send my application' }));
    const sent = page.environment.mock.getMostRecentOperation();
    expect(sent.request.node.params.name).toBe('MerchantApplyMutationApplyMutation');
    expect(sent.request.variables.input).toEqual({
      businessName: 'The Byres Tearoom',
      contactName: 'Morag Reid',
      email: 'morag@byrestearoom.co.uk',
      phone: '0141 496 0123',
      addressLine: '12 Byres Road, Glasgow',
      postcode: 'G12 8TD',
      category: 'afternoon-tea',
      city: 'GLASGOW',
      type: 'LOCAL',
    });
    await act(async () => {
      page.answer({ applyAsMerchant: { __typename: 'FormErrors', __isUserError: 'FormErrors', code: 'VALIDATION_FAILED', message: 'x', field: 'category', errors: [{ field: 'category', message: 'Choose a category from the list' }] } });
    });
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'Category: Choose a category from the list' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveAttribute('aria-invalid', 'true');

    await page.user.click(screen.getByRole('button', { name: 'Send my application' }));
    await act(async () => {
      page.answer({ applyAsMerchant: { __typename: 'MerchantApplicationReceived', message: RECEIVED } });
    });
    const panel = await screen.findByRole('status');
    expect(within(panel).getByRole('heading', { name: 'Thanks — check your email' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('We have sent you a confirmation.');
    expect(panel).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Send my application' })).not.toBeInTheDocument();
  });

  it('the postcode lookup fills the address and postcode', async () => {
    const page = await open();
    await page.user.type(screen.getByLabelText('Find your business address by postcode'), 'G12 8TD');
    await page.user.click(screen.getByRole('button', { name: 'Find address' }));
    const lookup = page.environment.mock.getMostRecentOperation();
    expect(lookup.request.variables).toEqual({ postcode: 'G12 8TD' });
    await act(async () => {
      page.environment.mock.resolve(lookup, {
        data: { addressLookup: { __typename: 'AddressList', addresses: [{ moniker: 'm1', line1: '12 Byres Road', line2: null, town: 'Glasgow', county: null, postcode: 'G12 8TD', label: '12 Byres Road, Glasgow, G12 8TD' }] } },
      });
    });
    const list = await screen.findByLabelText('Choose your address');
    expect(list).toHaveFocus();
    await page.user.selectOptions(list, 'm1');
    expect(screen.getByLabelText('Address')).toHaveValue('12 Byres Road, Glasgow');
    expect(screen.getByLabelText('Postcode')).toHaveValue('G12 8TD');
  });
});
