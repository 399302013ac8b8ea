import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorJson, json, type Handler } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';

const SAVED = { name: 'Pat', aboutMe: 'I sell robots.', contentPreferences: 'Short and friendly.' };

function open(routes: Record<string, Handler>) {
  return renderApp({ path: '/enrich', routes });
}

describe('enrich settings', () => {
  it('shows the intro, the marketplace card, and the saved settings in the form', async () => {
    open({ 'GET /api/settings-data': () => json(SAVED) });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Tell us about you' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Install from Zoho Marketplace' })).toBeInTheDocument();
    expect(screen.getByText(/LinkedIn DMs and cold-call scripts/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Your Name/)).toHaveValue('Pat'));
    expect(screen.getByLabelText(/^About You and Your Company/)).toHaveValue('I sell robots.');
    expect(screen.getByLabelText(/^Content Preferences & Examples/)).toHaveValue('Short and friendly.');
  });

  it('the marketplace button is no dead end: it says how the CRM app is installed', async () => {
    open({ 'GET /api/settings-data': () => json(SAVED) });
    await userEvent.click(await screen.findByRole('button', { name: 'Install from Zoho Marketplace' }));
    expect(await screen.findByText(/Ask your Zoho CRM administrator to add the Icebreak & Enrich widget/)).toBeInTheDocument();
    expect(screen.getByText('Open a lead in Zoho CRM and sign in to the widget with this account.')).toBeInTheDocument();
  });

  it('the validation messages of the settings form', async () => {
    const { fake } = open({ 'GET /api/settings-data': () => json({ name: '', aboutMe: '', contentPreferences: '' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Save Enrichment Settings' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('About me is required')).toBeInTheDocument();
    expect(screen.getByText('Content preferences are required')).toBeInTheDocument();
    expect(fake.count('PUT', '/api/user/settings/pat@example.com')).toBe(0);
  });

  it("saves with PUT, shows 'Updating Settings...' meanwhile, then the success toast and a refreshed query", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let stored = SAVED;
    const { fake } = open({
      'GET /api/settings-data': () => json(stored),
      'PUT /api/user/settings/:email': async (req) => {
        await gate;
        stored = req.body as typeof SAVED;
        return json({ message: 'Settings updated', settings: stored });
      },
    });
    const about = await screen.findByLabelText(/^About You and Your Company/);
    await waitFor(() => expect(about).toHaveValue('I sell robots.'));
    await userEvent.clear(about);
    await userEvent.type(about, 'We build warehouse robots.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Enrichment Settings' }));
    expect(await screen.findByRole('button', { name: 'Updating Settings...' })).toBeDisabled();
    release();
    await findToast('Success');
    expect(screen.getAllByText('Your enrichment settings have been updated successfully.').length).toBeGreaterThan(0);
    // The output language is chosen on Settings: this form leaves it out, so the saved one is kept.
    expect(fake.requests.find((r) => r.method === 'PUT')!.body).toEqual({ ...SAVED, aboutMe: 'We build warehouse robots.' });
    await waitFor(() => expect(fake.count('GET', '/api/settings-data')).toBe(2));
  });

  it('the output language is chosen on Settings: this form names it and links there, with no second list', async () => {
    open({ 'GET /api/settings-data': () => json({ ...SAVED, outputLanguage: 'es' }) });
    expect(await screen.findByText(/Output language: Spanish\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change it in Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('combobox', { name: 'Output language' })).toBeNull();
  });

  it("a failed save: toast 'Error' with 'Failed to update settings: ' plus the server text", async () => {
    open({
      'GET /api/settings-data': () => json(SAVED),
      'PUT /api/user/settings/:email': () => errorJson(403, 'You can only access your own account.'),
    });
    await waitFor(() => expect(screen.getByLabelText(/^Your Name/)).toHaveValue('Pat'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Enrichment Settings' }));
    await findToast('Error');
    expect(screen.getAllByText('Failed to update settings: You can only access your own account.').length).toBeGreaterThan(0);
  });

  it("a failed load: 'Failed to fetch settings', the form stays usable", async () => {
    open({ 'GET /api/settings-data': () => errorJson(500, 'database down') });
    expect(await screen.findByText('Failed to fetch settings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Enrichment Settings' })).toBeEnabled();
  });
});
