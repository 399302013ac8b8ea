import { escapeRe } from '../extract-profile-words.js';
import type { Tag } from './perceptron.js';
import type { Token } from './tokens.js';

/**
 * Gold tags for training: each labelled value (or each phrase of a list) marked where the text says it, every
 * time, on whole tokens. A token already marked keeps the first field that claimed it, in `fields` order.
 */
export function goldTags(text: string, tokens: Token[], labels: Record<string, string | string[]>, fields: readonly string[]): Tag[] {
  const tags: Tag[] = tokens.map(() => 'O');
  for (const field of fields) {
    const raw = labels[field];
    for (const value of (Array.isArray(raw) ? raw : [raw ?? '']).map((v) => v.trim()).filter(Boolean)) {
      for (const m of text.matchAll(new RegExp(escapeRe(value), 'giu'))) {
        const from = tokens.findIndex((t) => t.start === m.index);
        const to = tokens.findIndex((t) => t.end === m.index + m[0].length);
        if (from < 0 || to < from) continue;
        if (tags.slice(from, to + 1).some((t) => t !== 'O')) continue;
        for (let i = from; i <= to; i++) tags[i] = `${i === from ? 'B' : 'I'}-${field}`;
      }
    }
  }
  return tags;
}

/** The spans the tags mark, per field, in text order. */
export function spansFromTags<F extends string>(text: string, tokens: Token[], tags: Tag[], fields: readonly F[]): Record<F, string[]> {
  const out = Object.fromEntries(fields.map((f) => [f, [] as string[]])) as Record<F, string[]>;
  for (let i = 0; i < tags.length; i++) {
    if (!tags[i]!.startsWith('B-')) continue;
    const field = tags[i]!.slice(2) as F;
    let j = i;
    while (tags[j + 1] === `I-${field}`) j++;
    out[field]?.push(text.slice(tokens[i]!.start, tokens[j]!.end));
    i = j;
  }
  return out;
}
