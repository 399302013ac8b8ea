import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { WIDGET_TEXT } from '../app/messages';

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // The Zoho iframe may not be allowed the Clipboard API: fall back to a selection copy.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** One click copies one text; the button says whether it worked. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <Button
      size="small"
      appearance="subtle"
      aria-label={`Copy ${label}`}
      title={state === 'failed' ? WIDGET_TEXT.copyFailed : `Copy ${label}`}
      onClick={() => {
        copyText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        );
        setTimeout(() => setState('idle'), 2000);
      }}
    >
      {state === 'copied' ? WIDGET_TEXT.copied : state === 'failed' ? 'Copy failed' : 'Copy'}
    </Button>
  );
}
