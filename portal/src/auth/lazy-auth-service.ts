import type { AuthService, AuthUser } from './auth-service';

/**
 * An AuthService whose implementation (the Firebase SDK, the portal's largest dependency) is
 * fetched on first use instead of with the first screen: the sign-in form paints while it loads.
 */
export function createLazyAuthService(load: () => Promise<AuthService>): AuthService {
  let loaded: Promise<AuthService> | undefined;
  const service = () => (loaded ??= load());
  return {
    onChange(listener: (user: AuthUser | null) => void) {
      let unsubscribe: (() => void) | undefined;
      let cancelled = false;
      void service().then((s) => {
        if (!cancelled) unsubscribe = s.onChange(listener);
      });
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
    signIn: async (email, password) => (await service()).signIn(email, password),
    signUp: async (email, password) => (await service()).signUp(email, password),
    sendVerification: async () => (await service()).sendVerification(),
    sendPasswordReset: async (email) => (await service()).sendPasswordReset(email),
    signOut: async () => (await service()).signOut(),
    reload: async () => (await service()).reload(),
    getToken: async () => (await service()).getToken(),
    changePassword: async (current, next) => (await service()).changePassword(current, next),
  };
}
