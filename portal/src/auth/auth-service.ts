import type { AuthServiceBase, AuthUser, SignInOutcome } from '@shared/auth';

export {
  authErrorCode,
  authErrorMessage,
  LINK_MESSAGES,
  SIGN_IN_PROVIDERS,
  type AuthUser,
  type PendingLink,
  type SignInOutcome,
  type SignInProviderId,
} from '@shared/auth';

/** What the portal needs from the identity provider. Firebase implements it in the browser; tests inject a fake. */
export interface AuthService extends AuthServiceBase<SignInOutcome> {
  signUp(email: string, password: string): Promise<AuthUser>;
  /** Re-authenticates with the current password, then sets the new one. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}
