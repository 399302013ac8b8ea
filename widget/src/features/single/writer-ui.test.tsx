import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNICATION_STYLE_SECTION, COMMUNICATION_STYLE_TITLE, NO_NEWS_SECTION_TITLE } from '@shared/constants';
import { MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import { createStandInZoho } from '../../../dev/standin-zoho';
import { SAMPLE_LEADS, SAMPLE_LEAD_FIELDS } from '../../../dev/sample-leads';
import { fakeApi, json, ndjson, services, SETTINGS } from '../../../test/fakes';
import type { EnrichRequest, SearchRequest } from '@shared/schemas';
import { createZohoCrm } from '../../sdk/zoho-crm';
import type { WidgetApi } from '../../app/services';
import { Shell } from '../../app/Shell';

const maria = SAMPLE_LEADS[0]!;

function mount(api: WidgetApi) {
  const standIn = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: maria.id }, leads: SAMPLE_LEADS, fields: SAMPLE_LEAD_FIELDS });
  render(<Shell loadCrm={async () => createZohoCrm(standIn.zoho)} services={services(api)} />);
}

const lines = (items: object[]) => ndjson(items.map((l) => ({ content: '', section: 0, errorMessage: null, ...l })));

describe('the writer in the widget: script parts, Regenerate, stored answers, plain-text copy', () => {
  it('the cold-call script is shown in its parts; Regenerate says what it costs and asks before charging', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 20 });
    mount(fake.api);
    await user.click(await screen.findByRole('button', { name: 'Generate (2 credits)' }));
    const script = await screen.findByTestId('call-script');
    expect(within(script).getByText('Opener:')).toBeInTheDocument();
    expect(within(script).getByText('Close:')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('call-script-questions'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Q1?']);
    expect(screen.getByTestId('call-script-objections')).toHaveTextContent('“No time” → Two minutes');
    // Each part copies on its own, as plain text.
    await user.click(within(script).getByRole('button', { name: 'Copy Opener' }));
    expect(await navigator.clipboard.readText()).toBe(`Opener for ${maria.id}`);

    expect(fake.calls('POST /api/enrich')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: `${PORTAL_MESSAGES.regenerate} (2 credits)` }));
    // Asked first: nothing sent yet.
    expect(screen.getByText(PORTAL_MESSAGES.enrichRegenerateConfirm(2))).toBeInTheDocument();
    expect(fake.calls('POST /api/enrich')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Yes, use 2 credits' }));
    await waitFor(() => expect(fake.calls('POST /api/enrich')).toHaveLength(2));
    expect(fake.bodies<EnrichRequest>('POST /api/enrich')[1]).toMatchObject({ regenerate: true });
    expect(fake.bodies<EnrichRequest>('POST /api/enrich')[0]).not.toHaveProperty('regenerate');
  });

  it('Icebreak: no news → "Conversation Starters"; a stored answer says it was free; copy is plain text; Regenerate asks', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 20 });
    fake.answer('POST /api/search', () =>
      lines([
        { generator: 'offline', historyId: 'h1', stored: true, newsFound: false },
        { content: '- **Leeds:** Ask Maria about the [new hub](https://x.example/a)\n', section: 0 },
        { content: '- Keep it short\n', section: 1 },
        { done: true, stored: true },
      ]),
    );
    mount(fake.api);
    await user.click(await screen.findByRole('tab', { name: 'Icebreak' }));
    await user.click(await screen.findByRole('button', { name: 'Analyze lead (1 credit)' }));
    const s0 = await screen.findByTestId('icebreak-section-0');
    expect(s0).toHaveTextContent(NO_NEWS_SECTION_TITLE);
    expect(s0).not.toHaveTextContent('News-Driven');
    expect(await screen.findByTestId('icebreak-stored')).toHaveTextContent(PORTAL_MESSAGES.storedAnswer);
    await user.click(within(s0).getByRole('button', { name: `Copy ${NO_NEWS_SECTION_TITLE}` }));
    expect(await navigator.clipboard.readText()).toBe('- Leeds: Ask Maria about the new hub (https://x.example/a)');

    await user.click(screen.getByRole('button', { name: `${PORTAL_MESSAGES.regenerate} (1 credit)` }));
    expect(fake.calls('POST /api/search')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Yes, use 1 credit' }));
    await waitFor(() => expect(fake.calls('POST /api/search')).toHaveLength(2));
    expect(fake.bodies<SearchRequest>('POST /api/search')[1]).toMatchObject({ regenerate: true });
  });

  it('Icebreak: a restart line clears what was shown; the Communication style section is titled as a guess', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 20 });
    fake.answer('POST /api/search', () =>
      lines([
        { generator: 'openai', historyId: 'h2', newsFound: false },
        { content: '- Ask [Name] about the hub\n', section: 0 },
        { restart: true },
        { content: '- Ask Maria about the hub\n', section: 0 },
        { content: '- Keep it short\n', section: 1 },
        { content: '- **Likely style:** Steady (confidence: low)\n', section: COMMUNICATION_STYLE_SECTION },
        { done: true },
      ]),
    );
    mount(fake.api);
    await user.click(await screen.findByRole('tab', { name: 'Icebreak' }));
    await user.click(await screen.findByRole('button', { name: 'Analyze lead (1 credit)' }));
    const style = await screen.findByTestId(`icebreak-section-${COMMUNICATION_STYLE_SECTION}`);
    expect(style).toHaveTextContent(COMMUNICATION_STYLE_TITLE);
    expect(style).toHaveTextContent('Likely style: Steady (confidence: low)');
    expect(screen.getByTestId('icebreak-section-0')).toHaveTextContent('Ask Maria about the hub');
    expect(screen.queryByText(/\[Name\]/)).toBeNull();
  });

  it('Icebreak: before any charge, a note when the chosen language is one the offline writer does not write', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 20 });
    fake.answer('GET /api/settings-data', () => json({ ...SETTINGS, outputLanguage: 'de' }));
    mount(fake.api);
    await user.click(await screen.findByRole('tab', { name: 'Icebreak' }));
    expect(await screen.findByTestId('language-note')).toHaveTextContent(MESSAGES.writesEnglishOnly('German'));
    expect(fake.calls('POST /api/search')).toHaveLength(0);
  });
});
