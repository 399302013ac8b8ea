import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@shared/api/client';
import { CodedError } from '@shared/errors';
import { resolveGoal } from '@shared/constants';
import { MESSAGES, PORTAL_MESSAGES as M } from '@shared/messages';
import type { GeneratorKind } from '@shared/schemas';
import { settleBalance } from '@shared/api/queries/balance';
import { queryKeys, type Owner } from '@shared/api/queries/keys';
import { useServices } from '../../core/services';
import { useNotify } from '../../components/notify';

/** News (docs/product.md#news): whether section 0 cites news (titles it), and whether the answer came from storage (free). */
interface AnswerInfo {
  generator?: GeneratorKind;
  newsFound?: boolean;
  stored?: boolean;
}

export type AnalysisState =
  | { phase: 'idle' }
  | ({ phase: 'analyzing'; sections: string[] } & AnswerInfo)
  | ({ phase: 'done'; sections: string[] } & AnswerInfo)
  /** A saved analysis (history) or a server fallback text, already as markdown. */
  | { phase: 'text'; markdown: string; generator?: GeneratorKind | null }
  | { phase: 'error'; message: string };

/** Descriptions longer than this are sent with POST /api/search. */
const LONG_DESCRIPTION = 1500;

/** The text for a failed analysis request (docs/product.md#messages). */
function failureMessage(err: unknown): { message: string; toast: boolean } {
  if (err instanceof ApiError) {
    const reason = err.serverMessage ?? (err.body || String(err.status));
    return { message: `${M.analyzeFailedPrefix}${reason}`, toast: false };
  }
  if (err instanceof CodedError && err.code === 'stream_unreadable') return { message: err.message, toast: false };
  return { message: M.analysisError, toast: true };
}

/** Runs an Icebreak analysis over the stream, filling sections in as lines arrive (docs/product.md#icebreak-screen). */
export function useAnalysis(owner: Owner) {
  const { uid, email } = owner;
  const { api } = useServices();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [state, setState] = useState<AnalysisState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const notifyIncomplete = useCallback(
    () => notify({ title: M.analysisIncomplete, body: M.analysisIncompleteBody, intent: 'warning' }),
    [notify],
  );

  const analyze = useCallback(
    async (description: string, goal: string, options: { regenerate?: boolean } = {}) => {
      const profileUrl = description.trim();
      if (!profileUrl) {
        notify({ title: M.emptyDescriptionTitle, body: MESSAGES.emptyDescription, intent: 'error' });
        return;
      }
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const sections: string[] = [];
      const info: AnswerInfo = {};
      // The final line of a paid answer carries the new balance (docs/architecture.md#query-layer).
      let balance: number | undefined;
      setState({ phase: 'analyzing', sections: [] });
      try {
        const request = { profileUrl, email, goal: resolveGoal(goal), ...(options.regenerate ? { regenerate: true } : {}) };
        // The compatibility GET (docs/product.md#api-routes); a long description goes in a POST body instead (URLs have length limits).
        const send = profileUrl.length > LONG_DESCRIPTION ? api.searchPost : api.search;
        const lines = await send(request, controller.signal);
        for await (const line of lines) {
          if (controller.signal.aborted) return;
          if (line.balance !== undefined) balance = line.balance;
          if (line.errorMessage) {
            setState({ phase: 'error', message: line.errorMessage });
            // The server's "no insights" answer (an empty or partial text, refunded) is the spec's 'Analysis incomplete'.
            if (line.errorMessage === M.noInsightsGenerated) notifyIncomplete();
            return;
          }
          if (line.generator) info.generator = line.generator;
          if (line.newsFound !== undefined) info.newsFound = line.newsFound;
          if (line.stored) info.stored = true;
          if (line.restart) {
            // The writer's answer failed its check: it is written again from the start.
            sections.length = 0;
            setState({ phase: 'analyzing', sections: [], ...info });
          }
          if (line.content) {
            sections[line.section] = (sections[line.section] ?? '') + line.content;
            setState({ phase: 'analyzing', sections: [...sections], ...info });
          }
        }
        if (!sections.some((s) => s?.trim())) {
          setState({ phase: 'error', message: M.noInsightsGenerated });
          notifyIncomplete();
          return;
        }
        setState({ phase: 'done', sections: [...sections], ...info });
        notify({ title: M.analysisComplete, ...(info.stored ? { body: M.storedAnswer } : {}), intent: 'success' });
      } catch (err) {
        if (controller.signal.aborted) return;
        const { message, toast } = failureMessage(err);
        setState({ phase: 'error', message });
        if (toast) notify({ title: M.analysisFailed, body: M.analysisFailedBody, intent: 'error' });
      } finally {
        if (!controller.signal.aborted) {
          void settleBalance(queryClient, uid, balance);
          void queryClient.invalidateQueries({ queryKey: queryKeys.history(uid) });
        }
      }
    },
    [api, uid, email, notify, notifyIncomplete, queryClient],
  );

  const showText = useCallback((markdown: string, generator?: GeneratorKind | null) => {
    abort.current?.abort();
    setState({ phase: 'text', markdown, generator });
  }, []);

  return { state, analyze, showText, busy: state.phase === 'analyzing' };
}
