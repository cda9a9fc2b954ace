import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { EmailLinkRequest } from '../../features/accounts/EmailLinkRequest.tsx';

/** /forgot-password (spec §2 login layout): the emailed link opens /reset-password. */
export const Component = () => <EmailLinkRequest kind="password-reset" />;
export const ErrorBoundary = RouteErrorBoundary;
