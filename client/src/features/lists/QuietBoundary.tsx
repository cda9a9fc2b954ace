import { Component, type ReactNode } from 'react';
import { reportClientError } from '../../errors/report.ts';

/**
 * An error boundary for a page's extras (the recently viewed and recommended panels): when one
 * fails, it is left out and reported, and the page around it stays. The page's own data failing
 * still goes to the route's error boundary.
 */
export class QuietBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportClientError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
