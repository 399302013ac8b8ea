/** Texts of the widget (the shared ones are in @shared/messages). */
export const WIDGET_TEXT = {
  brand: 'Icebreak & Enrich',
  separateAccount: 'Icebreak & Enrich uses its own account, separate from your Zoho login.',
  unreachable: (url: string) =>
    `The Icebreak & Enrich server at ${url} cannot be reached. Check your connection (or ask your CRM admin to allow this widget's origin on the server) and try again.`,
  verifyTitle: 'Verify your email',
  verifyText: (email: string) => `We sent a verification e-mail to ${email}. Open the link in it, then press "I have verified".`,
  notVerifiedYet: 'Your e-mail address is not verified yet. Open the link in the verification e-mail first.',
  noteSaved: "Saved to the lead's notes.",
  savedToNotes: 'Saved to notes',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the text and copy it by hand.',
  sdkFailure: 'Zoho CRM did not answer',
  upgrade: 'Upgrade your plan',
  noCreditsLeft: 'No credits left',
  tooLittleData: 'Too little data',
  chooseOutputs: 'Choose at least one text to generate.',
  nothingChargedOnFailure: 'Nothing was charged for it.',
  bulkRefusedTitle: 'Not enough credits for this run',
  notesTitleEnrich: 'Icebreak & Enrich: LinkedIn DM and cold-call script',
  notesTitleIcebreak: 'Icebreak & Enrich: conversation starters and rapport tips',
} as const;
