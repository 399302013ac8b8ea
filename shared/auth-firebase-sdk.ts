/**
 * The parts of the Firebase JS SDK (modular `firebase/app` + `firebase/auth`) that shared/auth-firebase.ts
 * uses, named one by one. That module imports this one on demand: were it to import
 * `firebase/auth` itself that way, the bundle would carry the whole namespace (phone sign-in,
 * reCAPTCHA, multi-factor, TOTP, every provider…), about 14 KB gzip more.
 */
export { getApps, initializeApp } from 'firebase/app';
export {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  getRedirectResult,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  inMemoryPersistence,
  linkWithCredential,
  OAuthProvider,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  updatePassword,
} from 'firebase/auth';
