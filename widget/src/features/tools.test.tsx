import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchRequest, StreamLine } from '@shared/schemas/icebreak';
import { createStandInZoho } from '../../dev/standin-zoho';
import { SAMPLE_LEADS, SAMPLE_LEAD_FIELDS } from '../../dev/sample-leads';
import { errorJson, fakeApi, fakeResult, json, ndjson, services } from '../../test/fakes';
import { createZohoCrm } from '../sdk/zoho-crm';
import { Shell } from '../app/Shell';
import { WIDGET_TEXT } from '../app/messages';
import type { CreateUserRequest } from '@shared/schemas/user';
import type { EnrichRequest, EnrichResponse } from '@shared/schemas/enrich';

const [maria, kenji, aisha] = SAMPLE_LEADS;

const lines = (items: Partial<StreamLine>[]) => ndjson(items.map((item) => ({ content: '', section: 0, errorMessage: null, ...item })));

function mount(
  pageLoad: { Entity: string; EntityId: string | string[]; ButtonPosition?: string },
  api: Parameters<typeof services>[0],
  withServices = true,
) {
  const standIn = createStandInZoho({ pageLoad, leads: SAMPLE_LEADS, fields: SAMPLE_LEAD_FIELDS });
  render(<Shell loadCrm={async () => createZohoCrm(standIn.zoho)} services={withServices ? services(api) : undefined} />);
  return standIn;
}

afterEach(() => vi.unstubAllGlobals());

describe('Icebreak for one lead', () => {
  it('streams the sections of the lead analysed from its fields, then saves them as a note', async () => {
    const user = userEvent.setup();
    const fake = fakeApi();
    fake.answer('POST /api/search', () =>
      lines([
        { generator: 'offline', historyId: 'h1' },
        { content: '- Ask about the **three new hubs**\n', section: 0 },
        { content: '- Mention route planning', section: 0 },
        { content: 'Rapport: talk logistics', section: 1 },
        { done: true },
      ]),
    );
    const standIn = mount({ Entity: 'Leads', EntityId: maria!.id }, fake.api);
    await user.click(await screen.findByRole('tab', { name: 'Icebreak' }));
    expect(await screen.findByRole('textbox', { name: 'Your goal for the conversation' })).toHaveValue('build rapport');
    await user.click(screen.getByRole('button', { name: 'Analyze lead (1 credit)' }));

    expect(await screen.findByTestId('icebreak-section-1')).toHaveTextContent('Tips for Building Rapport');
    expect(screen.getByTestId('icebreak-section-0')).toHaveTextContent('Ask about the three new hubs');
    expect(screen.getByText('three new hubs').tagName).toBe('STRONG');
    const req = fake.bodies<SearchRequest>('POST /api/search')[0]!;
    expect(req).toMatchObject({ email: 'seller@example.com', goal: 'build rapport' });
    expect(req.profileUrl).toMatch(/^Maria Lopez, VP of Operations at Northwind Logistics\./);
    expect(await screen.findByText('Written by the offline writer.')).toBeInTheDocument();
    // The final line carried no balance: it is read again.
    await waitFor(() => expect(fake.calls('GET /api/user-credits/:email')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Save to lead notes' }));
    await screen.findByTestId('note-saved');
    expect(standIn.notes[0]).toMatchObject({ recordId: maria!.id, title: WIDGET_TEXT.notesTitleIcebreak });
    expect(standIn.notes[0]!.content).toContain('News-Driven Conversation Starters\n- Ask about the **three new hubs**');
  });

  it('the final line carries the new balance: the account bar shows it without reading the credits again', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 20 });
    fake.answer('POST /api/search', () =>
      lines([
        { generator: 'offline', historyId: 'h1' },
        { content: '- Ask about the hubs', section: 0 },
        { done: true, balance: 19 },
      ]),
    );
    mount({ Entity: 'Leads', EntityId: maria!.id }, fake.api);
    await user.click(await screen.findByRole('tab', { name: 'Icebreak' }));
    expect(screen.getByTestId('credits')).toHaveTextContent('Credits: 20');
    await user.click(await screen.findByRole('button', { name: 'Analyze lead (1 credit)' }));
    await waitFor(() => expect(screen.getByTestId('credits')).toHaveTextContent('Credits: 19'));
    expect(fake.calls('GET /api/user-credits/:email')).toHaveLength(1);
  });

  it('an errorMessage line is shown as the error; a blank goal falls back', async () => {
    const user = userEvent.setup();
    const fake = fakeApi();
    fake.answer('POST /api/search', () =>
      lines([{ generator: 'offline' }, { errorMessage: 'There was an error analyzing this profile. Please try again later.', done: true }]),
    );
    mount({ Entity: 'Leads', EntityId: maria!.id }, fake.api);
    await user.click(await screen.findByRole('tab', { name: 'Icebreak' }));
    await user.clear(await screen.findByRole('textbox', { name: 'Your goal for the conversation' }));
    await user.click(screen.getByRole('button', { name: 'Analyze lead (1 credit)' }));
    expect(await screen.findByText('There was an error analyzing this profile. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Analysis failed')).toBeInTheDocument();
    expect(fake.bodies<SearchRequest>('POST /api/search')[0]!.goal).toBe('Understand this person better');
    expect(screen.queryByRole('button', { name: 'Save to lead notes' })).toBeNull();
  });
});

describe('bulk cancel', () => {
  it('Cancel stops before the next lead: the rest is not sent, so not charged', async () => {
    const user = userEvent.setup();
    const fake = fakeApi();
    let release: (() => void) | undefined;
    fake.answerOnce('POST /api/enrich', (r) => {
      const req = r.body as EnrichRequest;
      return new Promise<Response>((resolve) => {
        release = () =>
          resolve(json({ result: fakeResult(req.lead.id, req.outputs), creditsCharged: 2, credits: 18 } satisfies EnrichResponse));
      });
    });
    const standIn = mount({ Entity: 'Leads', EntityId: [maria!.id, kenji!.id, aisha!.id], ButtonPosition: 'ListView' }, fake.api);
    await user.click(await screen.findByRole('button', { name: 'Enrich 3 leads (6 credits)' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    release!();
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveAttribute('aria-valuenow', '100'));
    const rows = screen.getAllByTestId('bulk-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['done', 'cancelled', 'cancelled']);
    expect(rows[1]).toHaveTextContent('Cancelled, not charged');
    expect(fake.calls('POST /api/enrich')).toHaveLength(1);
    expect(standIn.notes.map((n) => n.recordId)).toEqual([maria!.id]);
  });
});

describe('server unreachable', () => {
  it('the config cannot be fetched: a clear message and a retry', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const { api } = fakeApi();
    mount({ Entity: 'Leads', EntityId: maria!.id }, api, false);
    expect(await screen.findByText(WIDGET_TEXT.unreachable('http://localhost:8787'))).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('http://localhost:8787/api/config', expect.anything());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});

describe('first use', () => {
  it('a signed-in user without a server record gets one created, then the lead', async () => {
    const fake = fakeApi();
    fake.answerOnce('GET /api/user/:uid', () => errorJson(404, 'User not found'));
    mount({ Entity: 'Leads', EntityId: maria!.id }, fake.api);
    expect(await screen.findByTestId('lead-summary')).toHaveTextContent('Maria Lopez');
    expect(fake.bodies<CreateUserRequest>('POST /api/user')).toEqual([{ firebaseUid: 'uid-1', email: 'seller@example.com' }]);
    expect(fake.calls('GET /api/user/:uid')).toHaveLength(2);
  });
});
