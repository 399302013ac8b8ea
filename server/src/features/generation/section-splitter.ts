import { PORTAL_MESSAGES } from '@shared/messages';
import { GenerationError, type IcebreakChunk } from './text-generator';

/**
 * Text before the first marker is kept as a short preamble at most: a long answer with no
 * sections at all (a model ignoring the format, or an upstream sending megabytes) is refused,
 * not stored as a Ready analysis (issue 28).
 */
export const MAX_PREAMBLE_CHARS = 500;

/** The writer's answer has no sections: refunded, and the item is Failed. */
export class UnstructuredAnswerError extends GenerationError {
  constructor() {
    super(`The AI service answer had no sections (more than ${MAX_PREAMBLE_CHARS} characters before the first)`);
    this.name = 'UnstructuredAnswerError';
    this.userMessage = PORTAL_MESSAGES.noInsightsGenerated;
  }
}

/** The model starts each section with this marker on its own line (see prompts/icebreak-prompt.ts). */
export const sectionMarker = (n: number) => `[[section:${n}]]`;
const MARKER = /^\[\[section:(\d{1,2})\]\]/i;
/** Could `s` still grow into a marker? (then we hold it back instead of showing it) */
const PARTIAL = /^\[(\[(s(e(c(t(i(o(n(:\d{0,2}\]?)?)?)?)?)?)?)?)?)?$/i;

/**
 * Turns streamed model text into section chunks as it arrives. Text is passed on at once, except
 * a possible marker prefix at the end of what has arrived, which waits for the next piece.
 */
export function createSectionSplitter() {
  let section = 0;
  let pending = '';
  let markerSeen = false;
  let preamble = 0;
  /** Right after a marker (and at the start): blank lines are dropped until text comes. */
  let atStart = true;

  function drain(final: boolean): IcebreakChunk[] {
    const out: IcebreakChunk[] = [];
    let text = '';
    const emit = () => {
      if (atStart) text = text.replace(/^\s+/, '');
      if (!markerSeen && (preamble += text.length) > MAX_PREAMBLE_CHARS) throw new UnstructuredAnswerError();
      if (text) {
        out.push({ section, content: text });
        atStart = false;
      }
      text = '';
    };
    while (pending) {
      const at = pending.indexOf('[');
      if (at < 0) {
        text += pending;
        pending = '';
        break;
      }
      text += pending.slice(0, at);
      pending = pending.slice(at);
      const m = MARKER.exec(pending);
      if (m) {
        emit();
        markerSeen = true;
        section = Number(m[1]);
        atStart = true;
        pending = pending.slice(m[0].length);
        continue;
      }
      if (!final && PARTIAL.test(pending)) break; // wait for more text
      text += pending[0];
      pending = pending.slice(1);
    }
    emit();
    return out;
  }

  return {
    push(piece: string): IcebreakChunk[] {
      pending += piece;
      return drain(false);
    },
    end(): IcebreakChunk[] {
      return drain(true);
    },
  };
}
