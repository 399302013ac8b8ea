import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/client';
import { toProblem } from './problems';

describe('widget problems are told apart by the error code, not the message text', () => {
  it('insufficient_credits is the no-credits problem, with the server message', () => {
    const err = new ApiError(402, JSON.stringify({ message: 'Not enough credits: 2 needed, 1 left.', code: 'insufficient_credits' }));
    expect(toProblem(err, 'https://api.example')).toMatchObject({ kind: 'noCredits', message: 'Not enough credits: 2 needed, 1 left.' });
  });

  it('a message that merely mentions credits under another code is a server problem', () => {
    const err = new ApiError(400, JSON.stringify({ message: 'You have no credits field in this form.', code: 'validation' }));
    expect(toProblem(err, 'https://api.example')).toMatchObject({ kind: 'server', message: 'You have no credits field in this form.' });
  });
});
