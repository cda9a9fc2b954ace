import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readClubQueue } from './club-queue.ts';
import type * as ClubQueueModule from './club-queue.ts';

const viewer = vi.hoisted(() => ({ current: null as { id: string } | null }));
vi.mock('../accounts/auth.ts', () => ({ useViewer: () => viewer.current }));
vi.mock('./club-queue.ts', async (importOriginal) => ({ ...(await importOriginal<typeof ClubQueueModule>()), flushClubQueue: vi.fn() }));

const { ShareDeal } = await import('./ShareDeal.tsx');

describe('sharing a deal', () => {
  beforeEach(() => localStorage.clear());

  it('copies the deal link; a signed-in shopper\'s share is queued for the club, a guest\'s is not', async () => {
    const user = userEvent.setup();
    // After setup: user-event puts its own clipboard in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { unmount } = render(<ShareDeal dealId={42} url="/deals/glasgow/food/restaurants/42/a-deal.html" title="Dinner for two" />);
    await user.click(screen.getByRole('button', { name: 'Copy link to share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/deals/glasgow/food/restaurants/42/a-deal.html`);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    expect(readClubQueue().shareDeal).toEqual([]);
    unmount();
    viewer.current = { id: 'v1' };
    render(<ShareDeal dealId={42} url="/deals/glasgow/food/restaurants/42/a-deal.html" title="Dinner for two" />);
    await user.click(screen.getByRole('button', { name: 'Copy link to share' }));
    expect(readClubQueue().shareDeal).toEqual([{ dealId: 42, publisherSource: 'copy-link' }]);
  });

  it('the web shares open a 550 × 600 popup with the deal link and are queued with their source; email is a mailto link', async () => {
    const user = userEvent.setup();
    viewer.current = { id: 'v1' };
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<ShareDeal dealId={7} url="/deals/glasgow/food/restaurants/7/a-deal.html" title="Dinner for two" />);
    const link = encodeURIComponent(`${window.location.origin}/deals/glasgow/food/restaurants/7/a-deal.html`);
    expect(screen.getByRole('link', { name: 'Share by email' }).getAttribute('href')).toContain(`mailto:?subject=Dinner%20for%20two&body=`);
    await user.click(screen.getByRole('link', { name: 'Share on Facebook (opens a new window)' }));
    expect(open).toHaveBeenCalledWith(`https://www.facebook.com/sharer/sharer.php?u=${link}`, 'share', 'width=550,height=600,noopener,noreferrer');
    await user.click(screen.getByRole('link', { name: 'Share on X (Twitter) (opens a new window)' }));
    expect(readClubQueue().shareDeal).toEqual([
      { dealId: 7, publisherSource: 'facebook' },
      { dealId: 7, publisherSource: 'x' },
    ]);
    open.mockRestore();
  });
});
