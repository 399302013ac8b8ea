import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { MESSAGES } from '@shared/messages';
import type { LoginForm } from '@shared/schemas/forms';
import { lazyFormResolver } from './lazy-form-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<LoginForm>;

describe('lazyFormResolver', () => {
  it('checks values with the shared schema it loads: the schema messages on bad input', async () => {
    const resolve = lazyFormResolver((forms) => forms.loginFormSchema);
    const result = await resolve({ email: 'not-an-address', password: '123' }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors.email?.message).toBe(MESSAGES.emailInvalid);
    expect(result.errors.password?.message).toBe(MESSAGES.passwordTooShort);
  });

  it('passes good values through, again on a second call (schema loaded once)', async () => {
    const resolve = lazyFormResolver((forms) => forms.loginFormSchema);
    const good = { email: 'ada@example.com', password: 'secret-enough' };
    expect((await resolve(good, undefined, options)).values).toEqual(good);
    expect((await resolve(good, undefined, options)).errors).toEqual({});
  });
});
