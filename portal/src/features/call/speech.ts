import { useCallback, useEffect, useRef, useState } from 'react';

/** The part of the Web Speech API's SpeechRecognition we use (TypeScript's DOM types lack the constructor). */
interface Recognizer {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((e: SpeechRecognitionEvent) => void) | null;
  onerror: ((e: Event & { error?: string }) => void) | null;
  onend: (() => void) | null;
}
type RecognizerCtor = new () => Recognizer;

function recognizerCtor(): RecognizerCtor | null {
  const w = window as unknown as { SpeechRecognition?: RecognizerCtor; webkitSpeechRecognition?: RecognizerCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export const canSpeak = () => typeof window.speechSynthesis !== 'undefined' && typeof window.SpeechSynthesisUtterance !== 'undefined';

/**
 * Dictation of one utterance: interim words go to `onInterim` (shown in the text box), the final
 * phrase to `onFinal` (sent as the rep's turn). Null `supported` means the browser has no recognizer.
 */
export function useDictation({ onInterim, onFinal }: { onInterim: (text: string) => void; onFinal: (text: string) => void }) {
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recognizer = useRef<Recognizer | null>(null);
  const handlers = useRef({ onInterim, onFinal });
  useEffect(() => {
    handlers.current = { onInterim, onFinal };
  }, [onInterim, onFinal]);
  const [supported] = useState(() => recognizerCtor() !== null);

  const stop = useCallback(() => recognizer.current?.stop(), []);
  const start = useCallback(() => {
    const Ctor = recognizerCtor();
    if (!Ctor) return;
    const r = new Ctor();
    r.lang = navigator.language || 'en-US';
    r.interimResults = true;
    r.continuous = false;
    r.onresult = (e) => {
      let interim = '';
      for (let i = e.resultIndex; i < e.results.length; i++) {
        const result = e.results[i]!;
        const text = result[0]?.transcript ?? '';
        if (result.isFinal) handlers.current.onFinal(text.trim());
        else interim += text;
      }
      if (interim) handlers.current.onInterim(interim);
    };
    r.onerror = (e) =>
      setError(
        e.error === 'not-allowed'
          ? 'Microphone access was refused; you can type instead.'
          : `Speech recognition stopped (${e.error ?? 'unknown error'}); you can type instead.`,
      );
    r.onend = () => setListening(false);
    recognizer.current = r;
    setError(null);
    setListening(true);
    try {
      r.start();
    } catch {
      setListening(false);
    }
  }, []);
  useEffect(() => () => recognizer.current?.abort(), []);
  return { supported, listening, error, start, stop };
}

/** Speaks text aloud with the browser's voice; `cancel` stops whatever is being said. */
export function speak(text: string) {
  if (!canSpeak()) return;
  window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}
export function cancelSpeech() {
  if (canSpeak()) window.speechSynthesis.cancel();
}
