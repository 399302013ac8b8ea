import { describe, expect, it } from 'vitest';
import { checkApiContract } from '../../../tests/msw/api-server';
import { controlledStream, createFakeApi, json, ndjson, offContract } from './fake-api';

describe('the test API keeps to the shared contract', () => {
  it('reports a handler whose body drifts from the schema, and passes one that keeps to it', async () => {
    const { api } = createFakeApi({
      'GET /api/user-credits/:email': () => json({ credits: 'many' }),
      'GET /api/user/phone': () => json({ phoneNumber: null }),
    });
    await expect(api.getCredits('pat@example.com')).rejects.toThrow();
    expect(await api.getPhone()).toEqual({ phoneNumber: null });
    expect(checkApiContract()).toEqual([
      'GET /api/user-credits/pat%40example.com: credits: Invalid input: expected number, received string',
    ]);
  });

  it('lets an answer broken on purpose through unreported', async () => {
    const { api } = createFakeApi({ 'GET /api/user/phone': () => offContract(json({ phone: 1 })) });
    await expect(api.getPhone()).rejects.toThrow();
    expect(checkApiContract()).toEqual([]);
  });

  it('checks stream lines as they are written', () => {
    expect(() => ndjson([{ content: 'x', section: -1 }])).toThrow();
    expect(() => controlledStream().push({ content: 'x', section: 0, balance: -1 })).toThrow();
  });
});
