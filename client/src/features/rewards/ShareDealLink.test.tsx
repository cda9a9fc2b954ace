import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readClubQueue } from './club-queue.ts';
import type * as ClubQueueModule from './club-queue.ts';

const viewer = vi.hoisted(() => ({ current: null as { id: string } | null }));
vi.mock('../accounts/auth.ts', () => ({ useViewer: () => viewer.current }));
vi.mock('./club-queue.ts', async (importOriginal) => ({ ...(await importOriginal<typeof ClubQueueModule>()), flushClubQueue: vi.fn() }));

const { ShareDealLink } = await import('./ShareDealLink.tsx');

describe('Copy link to share', () => {
  beforeEach(() => localStorage.clear());

  it('copies the deal link; a signed-in shopper\'s share is queued for the club, a guest\'s is not', async () => {
    const user = userEvent.setup();
    // After setup: user-event puts its own clipboard in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { unmount } = render(<ShareDealLink dealId={42} url="/deals/glasgow/food/restaurants/42/a-deal.html" />);
    await user.click(screen.getByRole('button', { name: 'Copy link to share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/deals/glasgow/food/restaurants/42/a-deal.html`);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    expect(readClubQueue().shareDeal).toEqual([]);
    unmount();
    viewer.current = { id: 'v1' };
    render(<ShareDealLink dealId={42} url="/deals/glasgow/food/restaurants/42/a-deal.html" />);
    await user.click(screen.getByRole('button', { name: 'Copy link to share' }));
    expect(readClubQueue().shareDeal).toEqual([{ dealId: 42, publisherSource: 'copy-link' }]);
  });
});
