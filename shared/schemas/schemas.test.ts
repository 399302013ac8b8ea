import { describe, expect, it } from 'vitest';
import { $ZodError } from 'zod/v4/core';
import { MESSAGES } from '../messages';
import {
  enrichRequestSchema,
  linkedinDmSchema,
  outboundCallRequestSchema,
  reminderPreferencesSchema,
  savePhoneRequestSchema,
  searchRequestSchema,
  streamLineSchema,
} from './index';

// Only zod/mini is loaded in this file (no classic zod): the messages must be the same as the server's.
describe('shared schemas (zod/mini)', () => {
  it('words a check without a message of its own in English, as classic zod would', () => {
    const result = linkedinDmSchema.safeParse({ connectionNote: 1, message: 'Hi' });
    expect(result.success).toBe(false);
    expect(result.error).toBeInstanceOf($ZodError);
    expect(result.error!.issues[0]!.message).toBe('Invalid input: expected string, received number');
    const weekday = reminderPreferencesSchema.safeParse({
      enabled: true,
      callFrequency: 'weekly',
      weekday: -1,
      preferredCallTime: '09:30',
      userTimezone: 'Europe/Berlin',
    });
    expect(weekday.error!.issues[0]!.message).toBe('Too small: expected number to be >=0');
  });

  it('runs the checks in order: trimmed, then measured', () => {
    expect(savePhoneRequestSchema.parse({ phoneNumber: '  +1 555 0100  ', consent: true }).phoneNumber).toBe('+1 555 0100');
    const blank = savePhoneRequestSchema.safeParse({ phoneNumber: '   ', consent: true });
    expect(blank.error!.issues[0]!.message).toBe('Phone number is required');
  });

  it('refuses a NUL byte before anything else, naming the field', () => {
    const result = searchRequestSchema.safeParse({ profileUrl: 'Jane\u0000', email: 'a@example.com' });
    expect(result.error!.issues.map((i) => i.message)).toEqual([MESSAGES.unsafeText('The description')]);
  });

  it('applies defaults and transforms', () => {
    expect(streamLineSchema.parse({})).toEqual({ content: '', section: 0 });
    expect(searchRequestSchema.parse({ profileUrl: 'Jane', email: 'a@example.com', regenerate: '1' }).regenerate).toBe(true);
    expect(searchRequestSchema.parse({ profileUrl: 'Jane', email: 'a@example.com' }).regenerate).toBe(false);
    const twice = enrichRequestSchema.safeParse({ lead: { id: 'L1' }, outputs: ['linkedin_dm', 'linkedin_dm'] });
    expect(twice.error!.issues[0]!.message).toBe('Each output may be asked for once');
  });

  it("words a text field's length in the field's own terms", () => {
    const long = savePhoneRequestSchema.safeParse({ phoneNumber: '1'.repeat(41), consent: true });
    expect(long.error!.issues[0]!.message).toBe('The phone number must be at most 40 characters');
    const id = outboundCallRequestSchema.safeParse({ scenarioId: '' });
    expect(id.error!.issues[0]!.message).toBe('The scenario id is required');
    const notText = outboundCallRequestSchema.safeParse({ scenarioId: 7 });
    expect(notText.error!.issues[0]!.message).toBe('The scenario id must be text');
  });
});
