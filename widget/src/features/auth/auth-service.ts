import type { AuthServiceBase } from '@shared/auth';

export { authErrorMessage, type AuthUser } from '@shared/auth';

/** Sign-in inside the widget (what signing in returns goes unused); Firebase Auth's REST API in production (@shared/auth-rest), a fake in component tests. */
export type AuthService = AuthServiceBase<unknown>;
