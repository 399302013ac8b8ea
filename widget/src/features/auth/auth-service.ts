import type { AuthServiceBase, SignInOutcome } from '@shared/auth';

export {
  authErrorCode,
  authErrorMessage,
  LINK_MESSAGES,
  SIGN_IN_PROVIDERS,
  type AuthUser,
  type SignInOutcome,
  type SignInProviderId,
} from '@shared/auth';

/** Sign-in inside the widget (what signing in returns goes unused); the Firebase JS SDK in production (@shared/auth-firebase), a fake in component tests. */
export type AuthService = AuthServiceBase<SignInOutcome | void>;
