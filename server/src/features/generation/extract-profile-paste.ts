/**
 * What a salesperson pastes around the words about a person: a LinkedIn profile's buttons and counters, a forwarded
 * e-mail's header lines. None of it is a fact about the prospect, and some of it names other people ("Mutual
 * connections: Felicia Ong, …") or looks like a title ("Show profile in Sales Navigator"), so it is left out before
 * the text is read (by the rules and the taggers alike: `npm run train:reader` trains on the same text).
 */

// Whole lines: LinkedIn's buttons, counters and links, and the header lines of a forwarded message. "From:" stays:
// it may be the prospect writing.
const CLUTTER_LINE = new RegExp(
  String.raw`^\s*(?:` +
    [
      String.raw`Show (?:full )?profile in Sales Navigator`,
      String.raw`Mutual connections?:.*`,
      String.raw`.*\band \d+ other mutual connections?`,
      String.raw`\d[\d,.]*\+? (?:connections|followers)(?: · \d[\d,.]*\+? (?:connections|followers))?`,
      String.raw`(?:(?:Message|Follow|Following|Connect|Pending|More|InMail|Save in Sales Navigator)\s*)+`,
      String.raw`Contact info`,
      String.raw`Show all(?: \d+)?(?: [\p{L} ]{1,30})?(?: →)?`,
      String.raw`…?\s*see more`,
      String.raw`-{2,}\s*(?:Forwarded message|Original Message)\s*-{2,}`,
      String.raw`Begin forwarded message:`,
      String.raw`(?:Date|Sent|To|Cc|Bcc|Subject):\s.*`,
    ].join('|') +
    String.raw`)\s*$`,
  'iu',
);

/** The text without the lines and marks a paste brings along. */
export function withoutPasteClutter(text: string): string {
  return (
    text
      .split('\n')
      .filter((line) => !CLUTTER_LINE.test(line))
      .join('\n')
      // "Darius Tan Wei Jie · 2nd", "Singapore · Contact info", "(He/Him)": a connection's degree, a link, pronouns.
      .replace(/[^\S\n]*·[^\S\n]*(?:1st|2nd|3rd\+?|Contact info)\b/giu, '')
      .replace(/[^\S\n]*\((?:he|she|they)\/(?:him|her|them|they|his|hers)\)/giu, '')
  );
}
