import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNICATION_STYLE_TITLE } from '@shared/constants';
import { MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import { controlledStream, errorJson, json, ndjson, type Handler } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';

const DESCRIPTION = 'Jane Doe, VP of Sales at Acme Robotics in Austin';

function open(routes: Record<string, Handler> = {}) {
  return renderApp({ path: '/icebreak', routes });
}

async function submit(description = DESCRIPTION) {
  const box = await screen.findByLabelText('Person description');
  if (description) {
    await userEvent.click(box);
    await userEvent.paste(description);
  }
  await userEvent.click(screen.getByRole('button', { name: 'Analyze Profile' }));
}

const counter = () => screen.getByTestId('credits-counter');

function historyItem(id: string, timestamp: string, status: string, first: string, insightsText: string[] = ['- starter', '- tip']) {
  return {
    _id: id,
    timestamp,
    status,
    insightsText,
    insightsStructure: { profile: { firstName: first, lastName: 'Smith', description: `${first} Smith, CTO` } },
  };
}

describe('icebreak screen: header and form', () => {
  it('credits counter: spinner while loading, then the number', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    open({ 'GET /api/user-credits/:email': async () => (await gate, json({ credits: 7 })) });
    expect(await screen.findByLabelText('Loading credits')).toBeInTheDocument();
    release();
    await waitFor(() => expect(counter()).toHaveTextContent('Credits7'));
  });

  it("credits counter: 'Error' when the credits cannot be read", async () => {
    open({ 'GET /api/user-credits/:email': () => errorJson(500, 'boom') });
    await waitFor(() => expect(counter()).toHaveTextContent('CreditsError'));
  });

  it('with 0 credits the submit is disabled and the no-credits text shows', async () => {
    open({ 'GET /api/user-credits/:email': () => json({ credits: 0 }) });
    expect(await screen.findByText(/You have no credits remaining. Please upgrade to continue analyzing profiles./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Analyze Profile' })).toBeDisabled();
  });

  it('with 0 own credits in a team whose pool can pay, Analyze stays on and the counter shows the pool', async () => {
    open({
      'GET /api/user-credits/:email': () => json({ credits: 0 }),
      'GET /api/team/pool': () => json({ pool: { teamName: 'Northwind', credits: 12, capLeft: null } }),
    });
    expect(await screen.findByTestId('team-pool')).toHaveTextContent('Team pool: 12');
    expect(counter()).toHaveTextContent('Credits0');
    expect(screen.getByRole('button', { name: 'Analyze Profile' })).toBeEnabled();
    expect(screen.queryByText(/You have no credits remaining/)).toBeNull();
    expect(await screen.findByTestId('paid-from')).toHaveTextContent("Cost: 1 credit · from Northwind's team pool (12 left)");
  });

  it('with 0 own credits and a monthly cap on the pool used up, the no-credits text shows', async () => {
    open({
      'GET /api/user-credits/:email': () => json({ credits: 0 }),
      'GET /api/team/pool': () => json({ pool: { teamName: 'Northwind', credits: 12, capLeft: 0 } }),
    });
    expect(await screen.findByTestId('team-pool')).toHaveTextContent('Team pool: 12');
    expect(await screen.findByText(/You have no credits remaining/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Analyze Profile' })).toBeDisabled();
  });

  it("goal defaults to 'build rapport'; the empty result text shows first", async () => {
    open();
    expect(await screen.findByLabelText('Goal')).toHaveValue('build rapport');
    expect(screen.getByText('Enter a person description above to see insights')).toBeInTheDocument();
    expect(screen.getByLabelText('Person description')).toHaveAttribute('placeholder', expect.stringMatching(/^e\.g\. /));
  });

  it("a blank description gives the toast 'Empty description' and sends nothing", async () => {
    const { fake } = open();
    await userEvent.type(await screen.findByLabelText('Person description'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Analyze Profile' }));
    await findToast('Empty description');
    expect(screen.getAllByText('Please enter a description of the person').length).toBeGreaterThan(0);
    expect(fake.count('GET', '/api/search')).toBe(0);
  });
});

describe('icebreak screen: analysis stream', () => {
  it('renders the stream section by section as lines arrive, then completes and refreshes the credits', async () => {
    const stream = controlledStream();
    let credits = 20;
    const { fake } = open({
      'GET /api/search': () => stream.response,
      'GET /api/user-credits/:email': () => json({ credits }),
    });
    await waitFor(() => expect(counter()).toHaveTextContent('20'));
    await submit();
    expect(await screen.findByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    expect(screen.getByText('Analyzing profile...')).toBeInTheDocument();
    expect(screen.getAllByText('Fetching insights...')).toHaveLength(2);

    credits = 19;
    stream.push({ content: "- Congratulate Jane on **Acme**'s new plant", section: 0, generator: 'offline' });
    expect(await screen.findByText(/new plant/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'News-Driven Conversation Starters' })).toBeInTheDocument();
    // Section 1 has not arrived: its placeholder is still there.
    expect(screen.getAllByText('Fetching insights...')).toHaveLength(1);
    expect(screen.getByText('Acme').tagName).toBe('STRONG');
    expect(screen.getByText(/Congratulate Jane on/)).toHaveTextContent("Congratulate Jane on Acme's new plant");

    stream.push({ content: '- Ask about her trail runs', section: 1 });
    expect(await screen.findByText('Ask about her trail runs')).toBeInTheDocument();
    expect(screen.queryByText('Fetching insights...')).toBeNull();
    stream.push({ content: '', section: 1, done: true, historyId: 'h1' });
    stream.close();

    await findToast('Analysis complete');
    expect(screen.getByRole('button', { name: 'Analyze Profile' })).toBeEnabled();
    expect(screen.getByText(/Written by the offline writer/)).toBeInTheDocument();
    await waitFor(() => expect(counter()).toHaveTextContent('19'));

    const search = fake.requests.find((r) => r.path === '/api/search')!;
    expect(search.query.get('profileUrl')).toBe(DESCRIPTION);
    expect(search.query.get('email')).toBe('pat@example.com');
    expect(search.query.get('goal')).toBe('build rapport');
  });

  it('the final line carries the new balance: the counter shows it without reading the credits again', async () => {
    const { fake } = open({
      'GET /api/search': () =>
        ndjson([
          { content: '- Ask about the plant', section: 0, generator: 'offline' },
          { content: '- Keep it short', section: 1 },
          { content: '', section: 1, done: true, historyId: 'h1', balance: 13 },
        ]),
      'GET /api/user-credits/:email': () => json({ credits: 20 }),
    });
    await waitFor(() => expect(counter()).toHaveTextContent('Credits20'));
    await submit();
    await findToast('Analysis complete');
    await waitFor(() => expect(counter()).toHaveTextContent('Credits13'));
    expect(fake.count('GET', '/api/user-credits/pat@example.com')).toBe(1);
  });

  it('a restart line withdraws the text shown so far; a Communication style section gets its own heading', async () => {
    const stream = controlledStream();
    open({ 'GET /api/search': () => stream.response });
    await submit();
    stream.push({ content: '- Ask [Name] about the plant', section: 0, generator: 'openai' });
    expect(await screen.findByText(/Ask \[Name\] about the plant/)).toBeInTheDocument();
    stream.push({ content: '', section: 0, restart: true });
    await waitFor(() => expect(screen.queryByText(/\[Name\]/)).toBeNull());
    stream.push({ content: '- Ask Jane about the plant', section: 0 });
    stream.push({ content: '- Keep it short', section: 1 });
    stream.push({ content: '- **Likely style:** Direct (confidence: low)', section: 3 });
    stream.push({ content: '', section: 3, done: true, historyId: 'h1' });
    stream.close();
    await findToast('Analysis complete');
    expect(screen.getByText('Ask Jane about the plant')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: COMMUNICATION_STYLE_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/Direct \(confidence: low\)/)).toBeInTheDocument();
  });

  it('before any charge: a note when the description is in a language the active writer does not write', async () => {
    open({ 'GET /api/settings-data': () => json({ name: '', aboutMe: '', contentPreferences: '', outputLanguage: 'auto' }) });
    const box = await screen.findByLabelText('Person description');
    await userEvent.type(box, 'Jane Smith is the CTO at Acme Robotics in Berlin.');
    expect(screen.queryByTestId('language-note')).toBeNull();
    await userEvent.clear(box);
    // Spanish is one the offline writer writes: no note.
    await userEvent.type(box, 'Lucía Fernández es la directora de operaciones de Transportes Ibéricos en Sevilla.');
    expect(screen.queryByTestId('language-note')).toBeNull();
    await userEvent.clear(box);
    await userEvent.type(box, 'Jana Schmidt ist die Leiterin der Logistik bei Nordwind und arbeitet in Hamburg.');
    expect(await screen.findByTestId('language-note')).toHaveTextContent(MESSAGES.writesEnglishOnly('German'));
  });

  it('Copy insights puts the rendered text on the clipboard', async () => {
    const user = userEvent.setup();
    open({ 'GET /api/search': () => ndjson([{ content: '- Ask about Austin', section: 0 }]) });
    await user.type(await screen.findByLabelText('Person description'), DESCRIPTION);
    await user.click(screen.getByRole('button', { name: 'Analyze Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Copy insights' }));
    await findToast('Copied');
    // Plain text, not markdown (docs/product.md#copying-as-plain-text).
    await expect(navigator.clipboard.readText()).resolves.toBe('News-Driven Conversation Starters\n\n- Ask about Austin');
  });

  it('a long description is sent in a POST body', async () => {
    const { fake } = open({ 'POST /api/search': () => ndjson([{ content: '- a', section: 0 }]) });
    const long = `${DESCRIPTION}. ${'Enjoys long-distance cycling and writes about sales. '.repeat(40)}`.trim();
    const box = await screen.findByLabelText('Person description');
    await userEvent.click(box);
    await userEvent.paste(long);
    await userEvent.click(screen.getByRole('button', { name: 'Analyze Profile' }));
    await findToast('Analysis complete');
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/search')!;
    expect(post.body).toEqual({ profileUrl: long, email: 'pat@example.com', goal: 'build rapport' });
    expect(fake.count('GET', '/api/search')).toBe(0);
  });

  it("a blank goal falls back to 'Understand this person better'", async () => {
    const { fake } = open({ 'GET /api/search': () => ndjson([{ content: '- a', section: 0 }]) });
    await userEvent.clear(await screen.findByLabelText('Goal'));
    await submit();
    await findToast('Analysis complete');
    expect(fake.requests.find((r) => r.path === '/api/search')!.query.get('goal')).toBe('Understand this person better');
  });

  it('an errorMessage line is shown as the error and stops loading', async () => {
    open({
      'GET /api/search': () =>
        ndjson([
          { content: '- partial', section: 0 },
          { content: '', section: 0, errorMessage: 'The writer stopped unexpectedly.' },
        ]),
    });
    await submit();
    expect(await screen.findByText('The writer stopped unexpectedly.')).toBeInTheDocument();
    expect(screen.getByText('Please check your input and try again')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Analyze Profile' })).toBeEnabled();
  });

  it("no insights at all: the 'No insights could be generated' error and the 'Analysis incomplete' toast", async () => {
    open({ 'GET /api/search': () => ndjson([{ content: '', section: 0, done: true }]) });
    await submit();
    expect(await screen.findByText('No insights could be generated. Please try a different person description.')).toBeInTheDocument();
    await findToast('Analysis incomplete');
    expect(screen.getAllByText('Unable to generate insights for this profile.').length).toBeGreaterThan(0);
  });

  it("the server's empty-answer line (refunded, no insights): the error text and the 'Analysis incomplete' toast", async () => {
    open({
      'GET /api/search': () =>
        ndjson([
          { content: '', section: 0, generator: 'offline' },
          { content: '', section: 0, errorMessage: PORTAL_MESSAGES.noInsightsGenerated, done: true },
        ]),
    });
    await submit();
    expect(await screen.findByText(PORTAL_MESSAGES.noInsightsGenerated)).toBeInTheDocument();
    await findToast(PORTAL_MESSAGES.analysisIncomplete);
    expect(screen.getAllByText(PORTAL_MESSAGES.analysisIncompleteBody).length).toBeGreaterThan(0);
  });

  it("a non-ok answer: 'Failed to analyze profile: <reason>'", async () => {
    open({ 'GET /api/search': () => errorJson(402, 'You have no credits remaining. Please upgrade to continue analyzing profiles.') });
    await submit();
    expect(
      await screen.findByText('Failed to analyze profile: You have no credits remaining. Please upgrade to continue analyzing profiles.'),
    ).toBeInTheDocument();
  });

  it("a 404 from a server without the analysis endpoint: 'Failed to analyze profile: Not found'", async () => {
    open();
    await submit();
    expect(await screen.findByText('Failed to analyze profile: Not found')).toBeInTheDocument();
  });

  it("an exception: the error text and the 'Analysis failed' toast", async () => {
    open({ 'GET /api/search': () => new Response('this is not json\n', { status: 200 }) });
    await submit();
    expect(await screen.findByText('There was an error analyzing this profile. Please try again later.')).toBeInTheDocument();
    await findToast('Analysis failed');
    expect(screen.getAllByText('Unable to analyze this person. Please check the description and try again.').length).toBeGreaterThan(0);
  });

  it('model output with <script> and javascript: links is shown as text, never executed or linked', async () => {
    open({
      'GET /api/search': () => ndjson([{ content: '<script>window.pwned=1</script>\n- [win](javascript:window.pwned=2)', section: 0 }]),
    });
    await submit();
    expect(await screen.findByText('<script>window.pwned=1</script>')).toBeInTheDocument();
    expect(screen.getByText('win').closest('a')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    expect(document.querySelector('main script')).toBeNull();
  });
});

describe('icebreak screen: history tab', () => {
  it('loading, then items newest first with badges; View Insights only for Ready', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    open({
      'GET /api/icebreak/history': async () => {
        await gate;
        return json([
          historyItem('old', '2026-01-01T10:00:00Z', 'Ready', 'Olga'),
          historyItem('new', '2026-03-01T10:00:00Z', 'processing', 'Nina'),
          historyItem('mid', '2026-02-01T10:00:00Z', 'Failed', 'Mira'),
        ]);
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    expect(screen.getByRole('heading', { name: 'Profile History' })).toBeInTheDocument();
    expect(screen.getByText('View your previously analyzed prospects')).toBeInTheDocument();
    expect(screen.getByText('Loading history...')).toBeInTheDocument();
    release();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/Smith/).textContent)).toEqual(['Nina Smith', 'Mira Smith', 'Olga Smith']);
    expect(within(items[0]!).getByText('processing')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: /View Insights/ })).toBeDisabled();
    expect(within(items[1]!).getByRole('button', { name: /View Insights/ })).toBeDisabled();
    expect(within(items[2]!).getByRole('button', { name: /View Insights/ })).toBeEnabled();
    expect(within(items[2]!).getByText('Ready').className).toMatch(/fui-Badge/);
    expect(within(items[2]!).getByText(/2026/)).toBeInTheDocument();
  });

  it('two analyses of one name are told apart by role and company (or the first words of the description)', async () => {
    const tomas = (id: string, timestamp: string, description: string, role?: string, company?: string) => ({
      _id: id,
      timestamp,
      status: 'Ready',
      insightsText: ['- starter'],
      insightsStructure: { profile: { firstName: 'Tomás', lastName: "O'Connor", description, role, company } },
    });
    open({
      'GET /api/icebreak/history': () =>
        json([
          tomas('a', '2026-03-02T10:00:00Z', "Tomás O'Connor, Head of Payments at Lumen Bank", 'Head of Payments', 'Lumen Bank'),
          tomas('b', '2026-03-01T10:00:00Z', "Tomás O'Connor, CFO at Brightwater Ltd", 'CFO', 'Brightwater Ltd'),
          tomas('c', '2026-02-01T10:00:00Z', "Tomás O'Connor — met him at the Dublin fintech meetup, loves sailing and open banking talks"),
        ]),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => within(i).getByTestId('history-subtitle').textContent)).toEqual([
      'Head of Payments · Lumen Bank',
      'CFO · Brightwater Ltd',
      'met him at the Dublin fintech meetup, loves sailing and…',
    ]);
  });

  it("empty: 'No profiles analyzed yet'", async () => {
    open({ 'GET /api/icebreak/history': () => json([]) });
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No profiles analyzed yet')).toBeInTheDocument();
  });

  it("error: 'Failed to fetch history' (e.g. a server without history yet)", async () => {
    open();
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Failed to fetch history')).toBeInTheDocument();
  });

  it('View Insights loads the item, fills the description, renders the sections and switches to the analyze tab', async () => {
    const item = historyItem('h1', '2026-01-01T10:00:00Z', 'Ready', 'Olga', ['- Ask about the merger', '- Mention hiking', '- Extra note']);
    const { fake } = open({
      'GET /api/icebreak/history': () => json([item]),
      'GET /api/icebreak/insights/:id': () => json({ success: true, fallbackText: null, historyItem: item }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    await userEvent.click(await screen.findByRole('button', { name: 'View Insights for Olga Smith' }));
    expect(await screen.findByText('Ask about the merger')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Analyze Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Person description')).toHaveValue('Olga Smith, CTO');
    expect(screen.getByRole('heading', { name: 'News-Driven Conversation Starters' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tips for Building Rapport' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Additional Insights' })).toBeInTheDocument();
    const req = fake.requests.find((r) => r.path === '/api/icebreak/insights/h1')!;
    expect(req.query.get('email')).toBe('pat@example.com');
  });

  it("an item without insights shows 'No Insights Available'", async () => {
    const item = historyItem('h2', '2026-01-01T10:00:00Z', 'Ready', 'Olga', []);
    open({
      'GET /api/icebreak/history': () => json([item]),
      'GET /api/icebreak/insights/:id': () => json({ success: true, fallbackText: null, historyItem: item }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    await userEvent.click(await screen.findByRole('button', { name: /View Insights/ }));
    expect(await screen.findByRole('heading', { name: 'No Insights Available' })).toBeInTheDocument();
    expect(screen.getByText('No detailed insights were found for this profile.')).toBeInTheDocument();
  });

  it("success false shows the fallback text, or '## Error Failed to load insights.'", async () => {
    const item = historyItem('h3', '2026-01-01T10:00:00Z', 'Ready', 'Olga');
    let fallback: string | null = '## Saved copy\nOnly the summary survived.';
    open({
      'GET /api/icebreak/history': () => json([item]),
      'GET /api/icebreak/insights/:id': () => json({ success: false, fallbackText: fallback, historyItem: null }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    await userEvent.click(await screen.findByRole('button', { name: /View Insights/ }));
    expect(await screen.findByRole('heading', { name: 'Saved copy' })).toBeInTheDocument();
    fallback = null;
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    await userEvent.click(await screen.findByRole('button', { name: /View Insights/ }));
    expect(await screen.findByRole('heading', { name: 'Error Failed to load insights.' })).toBeInTheDocument();
  });

  it("a failed load gives the toast 'Error' / 'Failed to load previous analysis'", async () => {
    const item = historyItem('h4', '2026-01-01T10:00:00Z', 'Ready', 'Olga');
    open({
      'GET /api/icebreak/history': () => json([item]),
      'GET /api/icebreak/insights/:id': () => errorJson(500, 'boom'),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    await userEvent.click(await screen.findByRole('button', { name: /View Insights/ }));
    await findToast('Error');
    expect(screen.getAllByText('Failed to load previous analysis').length).toBeGreaterThan(0);
  });
});
