import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { AuthForm, loadAuthForm } from '../../features/accounts/AuthForm.tsx';

/**
 * /login (spec §2 login layout): email and password, "Keep me signed in", the social providers,
 * and links to register and to reset a forgotten password (features/accounts/AuthForm.tsx).
 */
export const loader = () => loadAuthForm('login');
export const Component = () => <AuthForm mode="login" />;
export const ErrorBoundary = RouteErrorBoundary;
