import { COMMUNICATION_STYLE_SECTION } from '@shared/constants';
import type { CommunicationStyle, CommunicationStyleName } from '@shared/schemas/communication-style';
import { writtenLanguage } from '@shared/language';
import type { PersonProfile } from './extract-profile';
import { icebreakLanguage } from './output-language';
import type { TextGenerator } from './text-generator';

/*
 * The Communication style insight (docs/product.md#communication-style, issue 25 item 7): a reasoned
 * guess at how a person likes to be spoken to, from words in their description, with the words it
 * rests on and a confidence. Nothing to go on → no insight (null), never a default style.
 */

/** Words and phrases that point to each style, as a reader would take them from a profile. */
const CUES: Record<CommunicationStyleName, RegExp[]> = {
  direct: [
    /\bresults?[- ]driven\b/i,
    /\bbottom[- ]line\b/i,
    /\bfast[- ]paced\b/i,
    /\bdecisive\b/i,
    /\bno[- ]nonsense\b/i,
    /\bgets? things done\b/i,
    /\b(?:straight )?to the point\b/i,
    /\bexceeded\b/i,
    /\bquota\b/i,
    /\btargets?\b/i,
    /\bturnaround\b/i,
    /\bambitious\b/i,
    /\bcompetitive\b/i,
    /\bexecution\b/i,
    /\bscal(?:e|ed|ing) (?:the |a |from |to )?\S+/i,
    /\bP&L\b/,
  ],
  analytical: [
    /\bdata(?:[- ]driven)?\b/i,
    /\banalytic(?:s|al)?\b/i,
    /\bmetrics?\b/i,
    /\bresearch(?:er)?\b/i,
    /\bPhD\b/,
    /\bevidence\b/i,
    /\bdetail[- ]oriented\b/i,
    /\bprecis(?:e|ion)\b/i,
    /\brigor(?:ous)?\b/i,
    /\bbenchmarks?\b/i,
    /\bstatistic(?:s|al)\b/i,
    /\bcompliance\b/i,
    /\baudit(?:s|ing)?\b/i,
    /\bengineer(?:s|ing)?\b/i,
    /\bmodel(?:s|ling|ing)\b/i,
    /\bprocess(?:es)?\b/i,
  ],
  expressive: [
    /\bpassionate\b/i,
    /\blove[sd]?\b/i,
    /\bstoryteller\b/i,
    /\bstorytelling\b/i,
    /\bkeynotes?\b/i,
    /\bspeaker\b/i,
    /\bpodcast\b/i,
    /\bnewsletter\b/i,
    /\bcreative\b/i,
    /\bbrand(?:ing)?\b/i,
    /\binspir(?:e|es|ed|ing)\b/i,
    /\bvision(?:ary)?\b/i,
    /\bexcited\b/i,
    /\benthusiast\b/i,
    /\bTEDx?\b/,
    /\bevangelist\b/i,
  ],
  steady: [
    /\bmentor(?:s|ing)?\b/i,
    /\bcoach(?:es|ing)?\b/i,
    /\bsupportive\b/i,
    /\bcollaborat(?:e|ive|ion)\b/i,
    /\bpeople[- ]first\b/i,
    /\bcommunity\b/i,
    /\bculture\b/i,
    /\bwell-?being\b/i,
    /\bvolunteer(?:s|ing)?\b/i,
    /\blong[- ]term\b/i,
    /\brelationships?\b/i,
    /\breliab(?:le|ility)\b/i,
    /\bpatient\b/i,
    /\bcaring\b/i,
    /\bfamily\b/i,
    /\bteam[- ]player\b/i,
  ],
};

const LABELS: Record<CommunicationStyleName, string> = {
  direct: 'Direct',
  analytical: 'Analytical',
  expressive: 'Expressive',
  steady: 'Steady',
};

/** One thing to do and one to avoid, per style: written once, grammatical, never spliced. */
const TIPS: Record<CommunicationStyleName, { do: string; dont: string }> = {
  direct: {
    do: 'Lead with the outcome and one number, then ask for a clear next step.',
    dont: 'Open with small talk or a long story before you make your point.',
  },
  analytical: {
    do: 'Bring evidence they can check: a figure, how it was measured, and a source.',
    dont: 'Press for a quick decision or lean on enthusiasm instead of facts.',
  },
  expressive: {
    do: 'Share the idea behind your offer and show real interest in their projects.',
    dont: 'Bury them in detail or keep the conversation stiff and formal.',
  },
  steady: {
    do: 'Take time to build trust, and ask how a change would affect their team.',
    dont: 'Rush them or push for a commitment in the first conversation.',
  },
};

/** Fewer distinct cues than this is nothing to go on. */
const MIN_CUES = 2;

/**
 * The guess from a description (the profile's role and interests are read from the same text, so
 * the text is what counts): the style with the most distinct cues, when it has at least two and
 * leads clearly; null otherwise.
 */
export function guessCommunicationStyle(description: string, _profile?: PersonProfile): CommunicationStyle | null {
  const found = (Object.keys(CUES) as CommunicationStyleName[]).map((style) => {
    const cues: string[] = [];
    for (const re of CUES[style]) {
      const m = re.exec(description);
      if (m && !cues.some((c) => c.toLowerCase() === m[0].toLowerCase())) cues.push(m[0]);
    }
    return { style, cues };
  });
  found.sort((a, b) => b.cues.length - a.cues.length);
  const [best, second] = found as [(typeof found)[0], (typeof found)[0]];
  if (best.cues.length < MIN_CUES || best.cues.length === second.cues.length) return null;
  const margin = best.cues.length - second.cues.length;
  const confidence = best.cues.length >= 4 && margin >= 2 ? 'high' : best.cues.length >= 3 ? 'medium' : 'low';
  return { style: best.style, cues: best.cues.slice(0, 5), confidence, ...TIPS[best.style] };
}

const quoteList = (cues: string[]) => {
  const q = cues.map((c) => `"${c}"`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q.at(-1)}`;
};

/** The insight as the markdown of its Icebreak section (COMMUNICATION_STYLE_SECTION), labelled as a guess. */
export function formatCommunicationStyle(style: CommunicationStyle): string {
  return [
    'Guessed from the words of the description, not known: check it in the first minutes of the conversation.',
    `- **Likely style:** ${LABELS[style.style]} (confidence: ${style.confidence})`,
    `- **Based on:** ${quoteList(style.cues)}`,
    `- **Do:** ${style.do}`,
    `- **Avoid:** ${style.dont}`,
    '',
  ].join('\n');
}

const LABELS_ES: Record<CommunicationStyleName, string> = {
  direct: 'Directo',
  analytical: 'Analítico',
  expressive: 'Expresivo',
  steady: 'Estable',
};
const CONFIDENCE_ES = { low: 'baja', medium: 'media', high: 'alta' } as const;
const TIPS_ES: Record<CommunicationStyleName, { do: string; dont: string }> = {
  direct: {
    do: 'Empiece por el resultado y una cifra, y luego proponga un siguiente paso claro.',
    dont: 'Abrir con charla trivial o una historia larga antes de ir al grano.',
  },
  analytical: {
    do: 'Aporte datos comprobables: una cifra, cómo se midió y de dónde sale.',
    dont: 'Presionar para una decisión rápida o apoyarse en el entusiasmo en lugar de en los hechos.',
  },
  expressive: {
    do: 'Comparta la idea que hay detrás de su propuesta y muestre interés real por sus proyectos.',
    dont: 'Abrumar con detalles o mantener una conversación rígida y formal.',
  },
  steady: {
    do: 'Tómese su tiempo para generar confianza y pregunte cómo afectaría un cambio a su equipo.',
    dont: 'Meter prisa o pedir un compromiso en la primera conversación.',
  },
};

/** The insight in Spanish, for an answer the offline writer writes in Spanish: the cues stay as the description wrote them. */
export function formatCommunicationStyleEs(style: CommunicationStyle): string {
  const q = style.cues.map((c) => `«${c}»`);
  const cues = q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} y ${q.at(-1)}`;
  return [
    'Deducido de las palabras de la descripción, no confirmado: compruébelo en los primeros minutos de la conversación.',
    `- **Estilo probable:** ${LABELS_ES[style.style]} (confianza: ${CONFIDENCE_ES[style.confidence]})`,
    `- **Basado en:** ${cues}`,
    `- **Haga:** ${TIPS_ES[style.style].do}`,
    `- **Evite:** ${TIPS_ES[style.style].dont}`,
    '',
  ].join('\n');
}

/** For the writers: the section's markdown, or null when the description gives nothing to go on. */
export function communicationStyleSection(profile: PersonProfile, description: string, language: 'en' | 'es' = 'en'): string | null {
  const style = guessCommunicationStyle(description, profile);
  if (!style) return null;
  return language === 'es' ? formatCommunicationStyleEs(style) : formatCommunicationStyle(style);
}

/**
 * An LLM's guess kept only as far as the description supports it: cues the description does not
 * contain are dropped, and a guess left with none is no guess.
 */
export function groundedStyle(style: CommunicationStyle, description: string): CommunicationStyle | null {
  const text = description.toLowerCase();
  const cues = style.cues.map((c) => c.trim()).filter((c) => c && text.includes(c.toLowerCase()));
  if (!cues.length || !style.do.trim() || !style.dont.trim()) return null;
  return { ...style, cues: cues.slice(0, 5), do: style.do.trim(), dont: style.dont.trim() };
}

/**
 * The offline writer with the insight: after its own sections, the Communication style section when
 * the description gives something to go on. (The LLM writer answers it itself, as JSON.)
 */
export function withCommunicationStyle(inner: TextGenerator): TextGenerator {
  return {
    ...inner,
    async *icebreak(input, signal) {
      yield* inner.icebreak(input, signal);
      const language = writtenLanguage('offline', icebreakLanguage(input)) === 'es' ? 'es' : 'en';
      const section = communicationStyleSection(input.profile, input.description, language);
      if (section) yield { section: COMMUNICATION_STYLE_SECTION, content: section };
    },
  };
}
