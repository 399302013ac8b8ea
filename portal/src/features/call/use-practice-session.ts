import { useCallback, useEffect, useReducer, useRef } from 'react';
import { practiceServerMessageSchema, type CallFeedback, type PracticeClientMessage, type PracticeServerMessage } from '@shared/schemas';
import { CALL_TEXT as T } from './call-text';
import type { ShownTurn } from './TranscriptView';

/**
 * connecting → live (after `ready`) → ending (rep pressed End) → ended (server said `ended`);
 * failed when the server reports an error or the socket drops before the session ended.
 */
export type PracticePhase = 'connecting' | 'live' | 'ending' | 'ended' | 'failed';

export interface PracticeState {
  phase: PracticePhase;
  turns: ShownTurn[];
  /** The rep has spoken (or the session just opened) and the prospect's turn has not finished. */
  awaitingProspect: boolean;
  /** ms timestamps of `ready` and of the end, for the timer. */
  startedAt: number | null;
  endedAt: number | null;
  endReason: string | null;
  feedback: CallFeedback | null;
  error: string | null;
  /** The socket is closed: nothing more will arrive. */
  closed: boolean;
}

type Event =
  | PracticeServerMessage
  | { type: 'rep'; text: string }
  | { type: 'end-requested' }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

const INITIAL: PracticeState = {
  phase: 'connecting',
  turns: [],
  awaitingProspect: false,
  startedAt: null,
  endedAt: null,
  endReason: null,
  feedback: null,
  error: null,
  closed: false,
};

const isOver = (phase: PracticePhase) => phase === 'ended' || phase === 'failed';

function reduce(state: PracticeState, event: Event): PracticeState {
  switch (event.type) {
    case 'ready':
      return { ...state, phase: 'live', startedAt: Date.now(), awaitingProspect: true };
    case 'text': {
      const last = state.turns.at(-1);
      const filling = last?.role === 'prospect' && last.streaming;
      // An empty closing token after an interruption only closes the bubble being filled.
      if (!filling && event.token === '') return event.last ? { ...state, awaitingProspect: false } : state;
      const turns =
        filling && last
          ? [...state.turns.slice(0, -1), { ...last, text: last.text + event.token, streaming: !event.last }]
          : [...state.turns, { role: 'prospect' as const, text: event.token, streaming: !event.last }];
      return { ...state, turns, awaitingProspect: event.last ? false : state.awaitingProspect };
    }
    case 'rep':
      return { ...state, turns: [...state.turns, { role: 'rep', text: event.text }], awaitingProspect: true };
    case 'end-requested':
      return isOver(state.phase) ? state : { ...state, phase: 'ending' };
    case 'ended':
      return {
        ...state,
        phase: 'ended',
        endReason: event.reason,
        endedAt: state.endedAt ?? Date.now(),
        awaitingProspect: false,
        turns: settle(state.turns),
      };
    case 'feedback':
      return { ...state, feedback: event.feedback };
    case 'error':
    case 'failed':
      return {
        ...state,
        error: event.message,
        phase: state.phase === 'ended' ? 'ended' : 'failed',
        endedAt: state.endedAt ?? Date.now(),
        awaitingProspect: false,
        turns: settle(state.turns),
      };
    case 'closed':
      if (isOver(state.phase)) return { ...state, closed: true };
      // The socket dropped before the server said the session ended.
      return {
        ...state,
        closed: true,
        phase: 'failed',
        error: state.error ?? T.connectionLost,
        endedAt: state.endedAt ?? Date.now(),
        awaitingProspect: false,
        turns: settle(state.turns),
      };
  }
}

/** A turn cut off mid-stream is shown as it stands, not as still arriving. */
const settle = (turns: ShownTurn[]) => (turns.at(-1)?.streaming ? [...turns.slice(0, -1), { ...turns.at(-1)!, streaming: false }] : turns);

/** ws:// or wss:// on the page's own origin (the API serves the portal). */
export function practiceSocketUrl(socketPath: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${socketPath}`;
}

export interface PracticeSessionOptions {
  callId: string;
  socketPath: string;
  getToken: () => Promise<string | null>;
  /** Called with each finished prospect turn (to speak it). */
  onProspectTurn?: (text: string) => void;
}

/**
 * One browser practice session over the WebSocket of the contract: authenticate with the Firebase ID
 * token (browsers cannot set headers on a WebSocket), stream the prospect's turns, send the rep's.
 */
export function usePracticeSession({ callId, socketPath, getToken, onProspectTurn }: PracticeSessionOptions) {
  const [state, dispatch] = useReducer(reduce, INITIAL);
  const socketRef = useRef<WebSocket | null>(null);
  const onTurnRef = useRef(onProspectTurn);
  useEffect(() => {
    onTurnRef.current = onProspectTurn;
  }, [onProspectTurn]);
  const getTokenRef = useRef(getToken);

  useEffect(() => {
    let disposed = false;
    let prospectText = '';
    const socket = new WebSocket(practiceSocketUrl(socketPath));
    socketRef.current = socket;

    socket.addEventListener('open', () => {
      void getTokenRef.current().then(
        (token) => {
          if (disposed || socket.readyState !== WebSocket.OPEN) return;
          if (!token) return dispatch({ type: 'failed', message: T.signedOut });
          socket.send(JSON.stringify({ type: 'auth', token, callId } satisfies PracticeClientMessage));
        },
        (err: unknown) => dispatch({ type: 'failed', message: `${T.authFailed} ${err instanceof Error ? err.message : ''}`.trim() }),
      );
    });
    socket.addEventListener('message', (e: MessageEvent) => {
      if (disposed || typeof e.data !== 'string') return;
      let parsed;
      try {
        parsed = practiceServerMessageSchema.safeParse(JSON.parse(e.data));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const msg = parsed.data;
      if (msg.type === 'text') {
        prospectText += msg.token;
        if (msg.last) {
          const finished = prospectText.trim();
          prospectText = '';
          if (finished) onTurnRef.current?.(finished);
        }
      }
      dispatch(msg);
    });
    socket.addEventListener('close', () => {
      if (!disposed) dispatch({ type: 'closed' });
    });
    return () => {
      disposed = true;
      socketRef.current = null;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000, 'left the page');
    };
  }, [callId, socketPath]);

  const send = useCallback((msg: PracticeClientMessage) => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      dispatch({ type: 'failed', message: T.connectionLost });
      return false;
    }
    socket.send(JSON.stringify(msg));
    return true;
  }, []);

  const say = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed) return false;
      if (!send({ type: 'prompt', text: trimmed })) return false;
      dispatch({ type: 'rep', text: trimmed });
      return true;
    },
    [send],
  );

  const end = useCallback(() => {
    if (send({ type: 'end' })) dispatch({ type: 'end-requested' });
  }, [send]);

  return { state, say, end };
}
