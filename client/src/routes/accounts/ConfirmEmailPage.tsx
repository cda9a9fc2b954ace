import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { TokenSignInLink } from '../../features/accounts/TokenSignInLink.tsx';

/** /confirm-email?token= (the registration email's link): confirms the address, signs the shopper in and sends them on. */
export const Component = () => <TokenSignInLink kind="confirm-email" />;
export const ErrorBoundary = RouteErrorBoundary;
