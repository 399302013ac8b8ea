import { escapeRe } from '../extract-profile-words.js';
import { featurize } from './features.js';
import { FIELDS, LIST_FIELDS, Tagger, tagsOf, type TagField } from './perceptron.js';
import { goldTags } from './spans.js';
import { tokenize } from './tokens.js';

/** One labelled text: what the tagger learns from. */
export interface LabelledText {
  text: string;
  labels: Record<TagField, string> & { firstName: string; events: string[]; needs: string[]; interests: string[] };
}

/** The training settings; `npm run train:reader` and the cross-validation use the same ones. */
export const TRAINING = { epochs: 10, swaps: 2, seed: 7 } as const;

/**
 * Copies of each text with another text's name, company, place and title in their places, so the tagger learns
 * where such a thing is said rather than which names it has seen (about +0.01 to +0.04 F1 per field in
 * leave-one-round-out cross-validation).
 */
function swapped(texts: LabelledText[], random: () => number): LabelledText[] {
  return texts.map(({ text, labels }) => {
    let out = text;
    const next = { ...labels };
    for (const f of ['name', 'company', 'place', 'role'] as const) {
      if (!next[f]) continue;
      const donors = texts.filter((x) => x.labels[f] && x.labels[f] !== next[f]);
      if (!donors.length) continue;
      const donor = donors[Math.floor(random() * donors.length)]!.labels;
      out = out.replace(new RegExp(escapeRe(next[f]), 'gu'), () => donor[f]);
      if (f === 'name' && next.firstName && donor.firstName)
        out = out.replace(new RegExp(String.raw`(?<!\p{L})${escapeRe(next.firstName)}(?!\p{L})`, 'gu'), () => donor.firstName);
      next[f] = donor[f];
    }
    return { text: out, labels: next };
  });
}

/**
 * The two readers: who and where (one value each), and what is going on (any number of phrases each), with their
 * tags; a word two labels claim goes to the first field in `claims`.
 */
export const READERS = {
  who: { tags: FIELDS, claims: ['name', 'company', 'role', 'place'] },
  what: { tags: LIST_FIELDS, claims: ['need', 'event', 'interest'] },
} as const;
export type Reader = keyof typeof READERS;

/** The labels a reader learns, by its tag names. */
const labelsFor = (reader: Reader, l: LabelledText['labels']): Record<string, string | string[]> =>
  reader === 'who' ? l : { event: l.events, need: l.needs, interest: l.interests };

/** A tagger trained on labelled texts; the same texts and settings give the same model. */
export function trainTagger(texts: LabelledText[], reader: Reader = 'who', settings = TRAINING): Tagger {
  let state = settings.seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const all = [...texts, ...Array.from({ length: settings.swaps }, () => swapped(texts, random)).flat()];
  const { tags, claims } = READERS[reader];
  const data = all.map(({ text, labels }) => {
    const tokens = tokenize(text);
    return { features: featurize(tokens), tags: goldTags(text, tokens, labelsFor(reader, labels), claims) };
  });
  return Tagger.train(tagsOf(tags), data, settings.epochs, settings.seed);
}
