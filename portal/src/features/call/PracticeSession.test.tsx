import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PracticeClientMessage } from '@shared/schemas';
import { FEEDBACK, SCENARIOS, startResponse } from '../../test/call-fixtures';
import { errorJson, json } from '../../test/fake-api';
import { FakeWebSocket } from '../../test/fake-websocket';
import { renderApp } from '../../test/render-app';

const PROSPECT_REPLIES = [
  ['Fine, ', 'you have ', 'one minute.'],
  ['We already ', 'have a vendor.'],
  ['Send me ', 'an invite for Tuesday.'],
];

/** The server's side of the practice protocol: ready + opening line, one reply per prompt, feedback after end. */
function scriptedServer() {
  let turn = 0;
  FakeWebSocket.onClientMessage = (ws, msg) => {
    if (msg.type === 'auth') {
      ws.serverSend({ type: 'ready', scenario: SCENARIOS[0]!, maxMinutes: 10 });
      ws.serverSay(['Dana ', 'speaking, ', 'who is this?']);
    } else if (msg.type === 'prompt') {
      ws.serverSay(PROSPECT_REPLIES[turn++ % PROSPECT_REPLIES.length]!);
    } else {
      ws.serverSend({ type: 'ended', reason: 'rep ended the call' });
      ws.serverSend({ type: 'feedback', feedback: FEEDBACK });
      ws.close();
    }
  };
}

async function openSession(routes = {}) {
  const app = renderApp({ path: '/call', routes: { 'POST /api/calls/practice': () => json(startResponse()), ...routes } });
  // The first test of the file waits for the route's chunk to be transformed: give it room.
  await userEvent.click(await screen.findByRole('button', { name: 'Practice in the browser' }, { timeout: 15_000 }));
  return app;
}

const turns = () =>
  within(screen.getByRole('list', { name: 'Conversation' }))
    .getAllByRole('listitem')
    .map((li) => `${li.getAttribute('data-role')}: ${li.lastChild?.textContent}`);

async function sayAndWait(text: string, reply: string) {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled());
  await userEvent.click(screen.getByLabelText('Your reply'));
  await userEvent.paste(text);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await screen.findByText(reply);
}

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('browser practice session', () => {
  it('authenticates, streams the prospect, takes three typed turns, ends and shows the feedback with a link to the log', async () => {
    scriptedServer();
    await openSession();
    expect(await screen.findByRole('heading', { name: 'The Busy CFO' })).toBeInTheDocument();
    expect(screen.getByText(/Book a 20-minute discovery call\./)).toBeInTheDocument();
    await screen.findByText('Dana speaking, who is this?');

    const ws = FakeWebSocket.latest();
    expect(ws.url).toBe(`ws://${window.location.host}/api/calls/practice/socket`);
    expect(ws.sent[0]).toEqual({ type: 'auth', token: 'token-uid-1', callId: 'call-42' });

    await sayAndWait('Hi Dana, this is Pat from Acme.', 'Fine, you have one minute.');
    await sayAndWait('What slows your team down today?', 'We already have a vendor.');
    await sayAndWait('Could we compare on Tuesday?', 'Send me an invite for Tuesday.');
    expect(turns()).toEqual([
      'prospect: Dana speaking, who is this?',
      'rep: Hi Dana, this is Pat from Acme.',
      'prospect: Fine, you have one minute.',
      'rep: What slows your team down today?',
      'prospect: We already have a vendor.',
      'rep: Could we compare on Tuesday?',
      'prospect: Send me an invite for Tuesday.',
    ]);
    expect(screen.getByLabelText('Your reply')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'End call' }));
    const feedback = await screen.findByRole('group', { name: 'Feedback' });
    expect(within(feedback).getByTestId('feedback-score')).toHaveTextContent('72');
    expect(within(feedback).getAllByRole('listitem')).toHaveLength(FEEDBACK.rubric.length + FEEDBACK.tips.length);
    expect(within(feedback).getByText('Next step agreed')).toBeInTheDocument();
    expect(within(feedback).getByText('2/5')).toBeInTheDocument();
    for (const tip of FEEDBACK.tips) expect(within(feedback).getByText(tip)).toBeInTheDocument();
    expect(within(feedback).getByText(FEEDBACK.summary)).toBeInTheDocument();
    expect(within(feedback).getByRole('link', { name: 'Open this call in Call Logs' })).toHaveAttribute('href', '/call-logs/call-42');
    expect(ws.sent.map((m: PracticeClientMessage) => m.type)).toEqual(['auth', 'prompt', 'prompt', 'prompt', 'end']);
    expect(ws.sent[2]).toEqual({ type: 'prompt', text: 'What slows your team down today?' });
    // The socket closing after the feedback is no error; the reply box is gone.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Your reply')).toBeNull();

    await userEvent.click(within(feedback).getByRole('button', { name: 'Start another practice' }));
    expect(await screen.findByRole('heading', { name: 'Start an AI Practice Call Here' })).toBeInTheDocument();
  });

  it('shows tokens as they arrive in one bubble and holds Send until the turn is over', async () => {
    await openSession();
    await waitFor(() => expect(FakeWebSocket.latest().sent).toHaveLength(1));
    const ws = FakeWebSocket.latest();
    ws.serverSend({ type: 'ready', scenario: SCENARIOS[0]!, maxMinutes: 10 });
    ws.serverSend({ type: 'text', token: 'Dana ', last: false });
    const bubble = await screen.findByText('Dana');
    expect(bubble.closest('li')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Dana Fox is speaking...')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your reply'), 'Hello');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    ws.serverSend({ type: 'text', token: 'speaking.', last: true });
    expect(await screen.findByText('Dana speaking.')).toBeInTheDocument();
    expect(screen.getByText('Dana speaking.').closest('li')).not.toHaveAttribute('aria-busy');
    expect(turns()).toEqual(['prospect: Dana speaking.']);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    // After an interruption the server closes the bubble with an empty last token: no empty bubble.
    ws.serverSend({ type: 'text', token: '', last: true });
    expect(turns()).toEqual(['prospect: Dana speaking.']);
  });

  it("ended with the server's reason for no feedback: shown once, with the log link", async () => {
    await openSession();
    await waitFor(() => expect(FakeWebSocket.latest().sent).toHaveLength(1));
    const ws = FakeWebSocket.latest();
    ws.serverSend({ type: 'ready', scenario: SCENARIOS[0]!, maxMinutes: 10 });
    ws.serverSend({ type: 'ended', reason: 'rep-ended' });
    ws.serverSend({ type: 'error', message: 'There is no feedback because nothing was said in this session.' });
    ws.serverClose(1000);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No feedback for this session');
    expect(alert).toHaveTextContent('There is no feedback because nothing was said in this session.');
    expect(screen.queryByText(/Feedback did not arrive here/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Open this call in Call Logs' })).toBeInTheDocument();
  });

  it('runs a timer against the limit', async () => {
    await openSession({ 'POST /api/calls/practice': () => json(startResponse({ maxMinutes: 7 })) });
    await waitFor(() => expect(FakeWebSocket.latest().sent).toHaveLength(1));
    FakeWebSocket.latest().serverSend({ type: 'ready', scenario: SCENARIOS[0]!, maxMinutes: 7 });
    expect(screen.getByTestId('practice-timer')).toHaveTextContent('0:00 / 7:00');
    await waitFor(() => expect(screen.getByTestId('practice-timer')).toHaveTextContent('0:01 / 7:00'), { timeout: 3000 });
  });

  it("the server's error message (e.g. the time limit) ends the session clearly, with a way to start again", async () => {
    await openSession();
    await waitFor(() => expect(FakeWebSocket.latest().sent).toHaveLength(1));
    const ws = FakeWebSocket.latest();
    ws.serverSend({ type: 'error', message: 'This practice call has reached the 10-minute limit.' });
    ws.serverClose(1011);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The practice session stopped');
    expect(alert).toHaveTextContent('This practice call has reached the 10-minute limit.');
    expect(screen.getByRole('button', { name: 'End call' })).toBeDisabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Start another practice' }));
    expect(await screen.findByRole('button', { name: 'Practice in the browser' })).toBeEnabled();
  });

  it('a dropped connection mid-call is reported, never a silent hang', async () => {
    scriptedServer();
    await openSession();
    await screen.findByText('Dana speaking, who is this?');
    FakeWebSocket.latest().serverClose();
    expect(await screen.findByRole('alert')).toHaveTextContent('The connection to the practice session was lost.');
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open this call in Call Logs' })).toHaveAttribute('href', '/call-logs/call-42');
  });

  it('ended without feedback: says where the feedback will be', async () => {
    await openSession();
    await waitFor(() => expect(FakeWebSocket.latest().sent).toHaveLength(1));
    const ws = FakeWebSocket.latest();
    ws.serverSend({ type: 'ready', scenario: SCENARIOS[0]!, maxMinutes: 10 });
    ws.serverSend({ type: 'ended', reason: 'time limit' });
    expect(await screen.findByText('Scoring your call...')).toBeInTheDocument();
    ws.serverClose(1000);
    expect(await screen.findByText('Feedback did not arrive here; it will be in the call log once it is ready.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open this call in Call Logs' })).toBeInTheDocument();
  });

  it('speaks finished prospect turns where the browser can, and stops when switched off', async () => {
    const spoken: string[] = [];
    vi.stubGlobal('speechSynthesis', { speak: (u: { text: string }) => spoken.push(u.text), cancel: vi.fn() });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        constructor(readonly text: string) {}
      },
    );
    scriptedServer();
    await openSession();
    await screen.findByText('Dana speaking, who is this?');
    expect(spoken).toEqual(['Dana speaking, who is this?']);
    await userEvent.click(screen.getByRole('switch', { name: "Speak the prospect's turns" }));
    await userEvent.type(screen.getByLabelText('Your reply'), 'Hi Dana{Enter}');
    await screen.findByText('Fine, you have one minute.');
    expect(spoken).toEqual(['Dana speaking, who is this?']);
  });

  it('takes a spoken turn through the Web Speech API where the browser has it', async () => {
    const started: FakeRecognizer[] = [];
    class FakeRecognizer {
      lang = '';
      interimResults = false;
      continuous = true;
      onresult: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        started.push(this);
      }
      stop() {
        this.onend?.();
      }
      abort() {}
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognizer);
    scriptedServer();
    await openSession();
    await screen.findByText('Dana speaking, who is this?');
    await userEvent.click(screen.getByRole('button', { name: 'Speak' }));
    expect(started).toHaveLength(1);
    const result = (text: string, isFinal: boolean) => Object.assign([{ transcript: text, confidence: 0.9 }], { isFinal });
    const { act } = await import('@testing-library/react');
    act(() => started[0]!.onresult!({ resultIndex: 0, results: [result('Hi Dana this', false)] }));
    expect(screen.getByLabelText('Your reply')).toHaveValue('Hi Dana this');
    act(() => {
      started[0]!.onresult!({ resultIndex: 0, results: [result('Hi Dana this is Pat', true)] });
      started[0]!.onend!();
    });
    await screen.findByText('Fine, you have one minute.');
    expect(FakeWebSocket.latest().sent.at(-1)).toEqual({ type: 'prompt', text: 'Hi Dana this is Pat' });
  });

  it('typing always works: no mic button without speech recognition', async () => {
    scriptedServer();
    await openSession();
    await screen.findByText('Dana speaking, who is this?');
    expect(screen.queryByRole('button', { name: 'Speak' })).toBeNull();
    expect(screen.getByLabelText('Your reply')).toBeEnabled();
  });

  it('the start request failing keeps the start card with the reason', async () => {
    await openSession({ 'POST /api/calls/practice': () => errorJson(503, 'The practice service is restarting. Try again in a minute.') });
    expect(await screen.findByText('The practice service is restarting. Try again in a minute.')).toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
