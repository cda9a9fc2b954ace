import { useEffect, useRef, type ReactNode } from 'react';
import './forms.css';

/**
 * A panel that tells the shopper what just happened (GOV.UK notification banner): a success,
 * a piece of information or a failure that is not about one field. With `focus` it takes focus
 * when it appears, so keyboard and screen-reader users hear it first.
 */
export function Notice({ title, children, variant = 'info', focus = false, headingLevel = 2 }: { title: ReactNode; children?: ReactNode; variant?: 'info' | 'success' | 'error'; focus?: boolean; headingLevel?: 2 | 3 }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const Heading = `h${headingLevel}` as const;
  return (
    <div ref={ref} className={`notice notice--${variant}`} tabIndex={focus ? -1 : undefined} role={variant === 'error' ? 'alert' : 'status'}>
      <Heading className="notice__title">{title}</Heading>
      {children}
    </div>
  );
}
