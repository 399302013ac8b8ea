import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth';

const firebaseError = (code: string, message = `Firebase: Error (${code}).`) => Object.assign(new Error(message), { code });

describe('authErrorMessage', () => {
  it('gives the readable text for a known Firebase code', () => {
    expect(authErrorMessage(firebaseError('auth/user-disabled'))).toBe('This account has been disabled.');
  });

  it.each([
    ['auth/user-token-expired', 'Your sign-in has expired. Please sign in again.'],
    ['auth/invalid-user-token', 'Your sign-in has expired. Please sign in again.'],
    ['auth/requires-recent-login', 'For your security, please sign in again and then repeat this.'],
  ])('words a session that can no longer be used (%s) for a person', (code, text) => {
    expect(authErrorMessage(firebaseError(code, `Firebase: TOKEN_EXPIRED (${code}).`))).toBe(text);
  });

  it.each(['toString', 'constructor', '__proto__'])('falls back to the message for a code that is no text of ours (%s)', (code) => {
    expect(authErrorMessage(firebaseError(code, 'Firebase: something odd.'))).toBe('something odd.');
  });

  it('says something went wrong when there is nothing to show', () => {
    expect(authErrorMessage({})).toBe('Something went wrong. Please try again.');
  });
});
