import { dismissToast, useShellToasts } from './toasts.ts';
import './toasts.css';

/**
 * The shell's toast region (toasts.ts): a polite live region that is always in the page (a region
 * added together with its text is not reliably read), so each toast is announced without moving
 * the focus. Each toast has its own Dismiss button; Tab reaches its links and the button.
 */
export function ShellToasts() {
  const toasts = useShellToasts();
  return (
    <div className="shell-toasts" role="status" aria-live="polite" data-testid="shell-toasts">
      {toasts.map((t) => (
        <div key={t.id} className={`shell-toast shell-toast--${t.tone}`} data-testid="shell-toast">
          <p className="shell-toast__text">{t.content}</p>
          <button type="button" className="shell-toast__close" onClick={() => dismissToast(t.id)}>
            Dismiss<span className="visually-hidden"> message</span>
          </button>
        </div>
      ))}
    </div>
  );
}
