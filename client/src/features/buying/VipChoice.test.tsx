/**
 * VIP_LAYOUT two-buttons (spec §2 VIP layout variants): the offer in one line, two choices,
 * neither pressed until the shopper chooses, and operable from the keyboard alone.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VIP_OFFER_LINE } from '@shop/domain/vip';
import { VipChoice } from './CheckoutOptions.tsx';

describe('the two-buttons VIP offer', () => {
  it('names the price, term and what VIP gives in one line, presses neither, and chooses by keyboard', async () => {
    const onChoose = vi.fn();
    const { rerender } = render(<VipChoice checked={false} error={undefined} onChoose={onChoose} />);
    const group = screen.getByRole('group', { name: VIP_OFFER_LINE });
    const without = screen.getByRole('button', { name: 'Pay without VIP' });
    const join = screen.getByRole('button', { name: 'Join VIP and pay' });
    // Both choices belong to the offer the legend names, and nothing describes it as refused.
    expect(group).toContainElement(without);
    expect(group).toContainElement(join);
    expect(group).not.toHaveAttribute('aria-describedby');
    expect(without.getAttribute('aria-pressed')).toBe('false');
    expect(join.getAttribute('aria-pressed')).toBe('false');

    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(without);
    await user.keyboard('{Enter}');
    // Without VIP is what the checkout already holds: chosen, nothing to ask.
    expect(without.getAttribute('aria-pressed')).toBe('true');
    expect(onChoose).not.toHaveBeenCalled();

    await user.tab();
    expect(document.activeElement).toBe(join);
    await user.keyboard(' ');
    expect(onChoose).toHaveBeenCalledWith(true);
    // Pressed once the checkout answers with VIP in it.
    rerender(<VipChoice checked error={undefined} onChoose={onChoose} />);
    expect(join.getAttribute('aria-pressed')).toBe('true');
    expect(without.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows a refusal beside the choice', () => {
    render(<VipChoice checked={false} error="Sign in to join VIP." onChoose={() => {}} />);
    // The refusal is read with the offer (its description), beside the two choices.
    expect(screen.getByRole('group', { name: VIP_OFFER_LINE })).toHaveAccessibleDescription(/Sign in to join VIP\./);
    expect(screen.getByText('Sign in to join VIP.')).toBeVisible();
  });
});
