import { useLocation, useNavigate, useNavigation } from 'react-router';

/**
 * An error view's "Try again": navigates to the same url (replace), which re-runs the loaders, so
 * the query starts afresh, and the new location resets React Router's boundary. useRevalidator()
 * is not enough: our loaders return at once, so its loading and idle states land in one render and
 * the boundary never sees them change.
 */
export function TryAgainButton() {
  const location = useLocation();
  const navigate = useNavigate();
  const retrying = useNavigation().state !== 'idle';
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={retrying}
      onClick={() => void navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true })}
    >
      {retrying ? 'Trying again…' : 'Try again'}
    </button>
  );
}
