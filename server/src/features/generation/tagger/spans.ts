import { escapeRe } from '../extract-profile-words.js';
import { FIELDS, type Tag, type TagField } from './perceptron.js';
import type { Token } from './tokens.js';

/**
 * Gold tags for training: each labelled value marked where the text says it (every time, on whole
 * tokens). A token already marked keeps its first field, in the order name, company, role, place.
 */
export function goldTags(text: string, tokens: Token[], labels: Partial<Record<TagField, string>>): Tag[] {
  const tags: Tag[] = tokens.map(() => 'O');
  for (const field of ['name', 'company', 'role', 'place'] as const) {
    const value = labels[field]?.trim();
    if (!value) continue;
    for (const m of text.matchAll(new RegExp(escapeRe(value), 'giu'))) {
      const from = tokens.findIndex((t) => t.start === m.index);
      const to = tokens.findIndex((t) => t.end === m.index + m[0].length);
      if (from < 0 || to < from) continue;
      if (tags.slice(from, to + 1).some((t) => t !== 'O')) continue;
      for (let i = from; i <= to; i++) tags[i] = `${i === from ? 'B' : 'I'}-${field}` as Tag;
    }
  }
  return tags;
}

/** The spans the tags mark, per field, in text order. */
export function spansFromTags(text: string, tokens: Token[], tags: Tag[]): Record<TagField, string[]> {
  const out = Object.fromEntries(FIELDS.map((f) => [f, [] as string[]])) as Record<TagField, string[]>;
  for (let i = 0; i < tags.length; i++) {
    if (!tags[i]!.startsWith('B-')) continue;
    const field = tags[i]!.slice(2) as TagField;
    let j = i;
    while (tags[j + 1] === `I-${field}`) j++;
    out[field].push(text.slice(tokens[i]!.start, tokens[j]!.end));
    i = j;
  }
  return out;
}
