import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { ChoosePassword } from '../../features/accounts/ChoosePassword.tsx';

/** /reset-password?token= (the forgot-password email's link): a new password; no sign-in after. */
export const Component = () => <ChoosePassword mode="reset" />;
export const ErrorBoundary = RouteErrorBoundary;
