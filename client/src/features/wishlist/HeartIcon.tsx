/** The heart: outlined, or filled for a saved deal (the header's wish list, WishlistHeart). */
export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-8.9-9.3C2.2 8 4.3 4.5 7.7 4.5c1.9 0 3.3 1 4.3 2.5 1-1.5 2.4-2.5 4.3-2.5 3.4 0 5.5 3.5 4.6 6.7-1.4 4.7-8.9 9.3-8.9 9.3Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
