import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OUTPUT_LANGUAGE_LABELS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { SettingsDataResponse } from '@shared/schemas';
import { errorJson, json, type Handler } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';

const SAVED: SettingsDataResponse = { name: 'Pat', aboutMe: 'I sell robots.', contentPreferences: 'Short.', outputLanguage: 'es' };

function open(routes: Record<string, Handler>, config?: { generator: 'offline' | 'openai' }) {
  return renderApp({ path: '/settings', routes, config });
}

const card = async () => within((await screen.findByRole('form', { name: 'Output language' })) as HTMLElement);

// The route's chunk is transformed on first import: done before the first test's 4 s wait starts.
beforeAll(() => import('./SettingsScreen'), 60_000);

describe('output language card in Settings', () => {
  it('shows the saved language among Automatic and the five languages; the offline writer says what it writes', async () => {
    open({ 'GET /api/settings-data': () => json(SAVED) });
    const c = await card();
    const select = c.getByRole('combobox', { name: 'Output language' });
    expect(select).toHaveValue('es');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      OUTPUT_LANGUAGE_LABELS.auto,
      'English',
      'German',
      'Spanish',
      'French',
      'Portuguese',
    ]);
    expect(c.getByText(MESSAGES.offlineWriterLanguages)).toBeInTheDocument();
    // Nothing to save until the choice changes.
    expect(c.getByRole('button', { name: 'Save Output Language' })).toBeDisabled();
  });

  it('the LLM writer writes every language: no hint', async () => {
    open({ 'GET /api/settings-data': () => json(SAVED) }, { generator: 'openai' });
    const c = await card();
    expect(c.getByRole('combobox', { name: 'Output language' })).toHaveValue('es');
    expect(c.queryByText(MESSAGES.offlineWriterLanguages)).toBeNull();
  });

  it('saves the language alone (the other settings are not sent, so they are kept), then says so', async () => {
    const { fake } = open({
      'GET /api/settings-data': () => json(SAVED),
      'PUT /api/user/settings/:email': (req) => json({ message: 'ok', settings: { ...SAVED, ...(req.body as object) } }),
    });
    const c = await card();
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Output language' }), 'German');
    await userEvent.click(c.getByRole('button', { name: 'Save Output Language' }));
    await findToast('Success');
    expect(screen.getAllByText('Output language saved: German.').length).toBeGreaterThan(0);
    const put = fake.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/user/settings/pat@example.com');
    expect(put.body).toEqual({ outputLanguage: 'de' });
    await waitFor(() => expect(c.getByRole('button', { name: 'Save Output Language' })).toBeDisabled());
  });

  it('a user who has saved nothing yet can still choose a language', async () => {
    const { fake } = open({
      'PUT /api/user/settings/:email': (req) =>
        json({ message: 'ok', settings: { name: '', aboutMe: '', contentPreferences: '', ...(req.body as object) } }),
    });
    const c = await card();
    expect(c.getByRole('combobox', { name: 'Output language' })).toHaveValue('auto');
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Output language' }), 'Spanish');
    await userEvent.click(c.getByRole('button', { name: 'Save Output Language' }));
    await findToast('Success');
    expect(fake.requests.find((r) => r.method === 'PUT')!.body).toEqual({ outputLanguage: 'es' });
  });

  it("a failed save: toast 'Error' with the server's reason", async () => {
    open({
      'GET /api/settings-data': () => json(SAVED),
      'PUT /api/user/settings/:email': () => errorJson(400, MESSAGES.outputLanguageInvalid),
    });
    const c = await card();
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Output language' }), 'French');
    await userEvent.click(c.getByRole('button', { name: 'Save Output Language' }));
    await findToast('Error');
    expect(screen.getAllByText(`Failed to update settings: ${MESSAGES.outputLanguageInvalid}`).length).toBeGreaterThan(0);
  });

  it('a failed load: the card says settings could not be fetched', async () => {
    open({ 'GET /api/settings-data': () => errorJson(500, 'database down') });
    expect(await screen.findByText('Failed to fetch settings')).toBeInTheDocument();
  });
});
