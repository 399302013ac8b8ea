/**
 * What a salesperson pastes around the words about a person: a LinkedIn profile's buttons and counters, a forwarded
 * e-mail's header lines. None of it is a fact about the prospect, and some of it names other people ("Mutual
 * connections: Felicia Ong, …") or looks like a title ("Show profile in Sales Navigator"), so it is left out before
 * the text is read (by the rules and the taggers alike: `npm run train:reader` trains on the same text).
 */

// Whole lines: LinkedIn's buttons, counters and links (in the languages its pages are pasted in), and the header
// lines of a forwarded message. "From:" stays unless the message was forwarded: it may be the prospect writing.
const CLUTTER_LINE = new RegExp(
  String.raw`^\s*(?:` +
    [
      String.raw`Show (?:full )?profile in Sales Navigator`,
      String.raw`Mutual connections?:.*`,
      String.raw`.*\band \d+ other mutual connections?`,
      String.raw`\d[\d,.]*\+? (?:connections|followers)(?: · \d[\d,.]*\+? (?:connections|followers))?`,
      String.raw`(?:(?:Message|Follow|Following|Connect|Pending|More|InMail|Save in Sales Navigator)\s*)+`,
      String.raw`(?:Contact info|Kontaktinfo|Contactgegevens|Información de contacto|Coordonnées|Informações de contato|Контактные сведения)`,
      String.raw`\d[\d,.\s]*\+?\s*(?:контактов|Kontakte|contactos|relations|conexões|connessioni|contacten)`,
      String.raw`(?:Показать все|Alle anzeigen|Ver todo|Afficher tout|Mostrar tudo|Mostra tutto|Alles weergeven)(?:\s*→)?`,
      String.raw`Show all(?: \d+)?(?: [\p{L} ]{1,30})?(?: →)?`,
      String.raw`…?\s*see more`,
      String.raw`-{2,}\s*(?:Forwarded message|Original Message)\s*-{2,}`,
      String.raw`Begin forwarded message:`,
      String.raw`(?:Date|Sent|To|Cc|Bcc|Subject):\s.*`,
    ].join('|') +
    String.raw`)\s*$`,
  'iu',
);

// A forwarded message: its "From:" line names whoever forwarded it, not the person it is about.
const FORWARDED = /^\s*(?:-{2,}\s*Forwarded message|Begin forwarded message:|Subject:\s*(?:Fwd?|TR|WG|RV):)/imu;
const FROM_LINE = /^\s*From:\s.*$/iu;

// A note's heading: one word and a date before a dash or colon, at the start of the text or a line ("Call 10.10 —",
// "Позив 10.10 —", "שיחה 3.1 —", "Simu 14/3 —", "مكالمة 12/2:"). Read as part of the person's line, the word
// became the role and the name the company.
const NOTE_HEADING = /^([^\S\n]*)[\p{L}\p{M}]+[^\S\n]+\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?[^\S\n]*(?:[—–:]|-(?=\s))[^\S\n]*/gmu;

/** The text without the lines and marks a paste brings along. */
export function withoutPasteClutter(text: string): string {
  const forwarded = FORWARDED.test(text);
  return (
    text
      .split('\n')
      .filter((line) => !CLUTTER_LINE.test(line) && !(forwarded && FROM_LINE.test(line)))
      .join('\n')
      .replace(NOTE_HEADING, '$1')
      // "Darius Tan Wei Jie · 2nd", "Singapore · Contact info", "(He/Him)": a connection's degree, a link, pronouns.
      .replace(/[^\S\n]*·[^\S\n]*(?:1st|2nd|3rd\+?|[123]-й\+?|Contact info|Контактные сведения)(?![\p{L}])/giu, '')
      .replace(/[^\S\n]*\((?:he|she|they)\/(?:him|her|them|they|his|hers)\)/giu, '')
  );
}
