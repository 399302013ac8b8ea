import { LANGUAGE_NAMES, MONEY_BACK_DAYS, WRITER_LANGUAGES } from './constants';

/** "English and Spanish": the languages the offline writer writes, as the notes say them. */
const OFFLINE_LANGUAGES = WRITER_LANGUAGES.offline.map((l) => LANGUAGE_NAMES[l]).join(' and ');

/** Messages that both the server and the clients show (docs/product.md#messages). One place for each string. */
export const MESSAGES = {
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  emailRequired: 'Please enter your email address',
  aboutMeRequired: 'About me is required',
  contentPreferencesRequired: 'Content preferences are required',
  userEmailRequired: 'User email is required',
  userEmailNotFound: 'User email not found',
  invalidRequest: 'Invalid request',
  notFound: 'Not found',
  unauthenticated: 'Sign in to continue: the request has no valid identity token.',
  emailNotVerified: 'Verify your e-mail address before using this feature.',
  forbiddenOther: 'You can only access your own account.',
  adminOnly: 'This screen is for administrators only.',
  userNotFound: 'User not found',
  userExists: 'A user with this account already exists',
  tokenMismatch: 'The account in the request does not match the signed-in user.',
  noCredits: 'You have no credits remaining. Please upgrade to continue analyzing profiles.',
  notEnoughCredits: (needed: number, balance: number) =>
    `Not enough credits: this needs ${needed} and you have ${balance}. Upgrade your plan to continue.`,
  emptyDescription: 'Please enter a description of the person',
  paymentsNotConfigured: 'Payments are not configured',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  emailTaken: 'This e-mail address already belongs to another account. Verify your e-mail address and sign in again to reclaim it.',
  jsonBodyRequired: 'Send the request body as JSON (Content-Type: application/json).',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  /** The database had no free connection in time (a burst of requests): trying again works. */
  busy: 'We are busy right now. Please try again in a few seconds.',
  notImplemented: 'This feature is not available yet.',
  // Hardening (docs/product.md#bad-input-and-failures)
  unsafeText: (field: string) =>
    `${field} contains a character that cannot be stored (a NUL byte or a broken emoji character). Remove it and try again.`,
  requestTooLarge: 'The request address or its headers are too large.',
  badHttpRequest: 'The request could not be read (malformed HTTP).',
  serverRestarting: 'The server is restarting. Your credit was refunded; please try again in a moment.',
  // The writer (docs/product.md#the-writers): input that names nobody is refused before any charge.
  noPersonIdentified:
    'We could not tell who this is. Add the person\'s name or their company (for example "Jane Smith, CTO at Acme Robotics") and try again. No credit was used.',
  noLeadIdentified:
    'This lead has no name and no company to write about. Add a First/Last Name or a Company to the lead and try again. No credit was used.',
  outputLanguageInvalid: 'Choose an output language from the list (Automatic, English, German, Spanish, French or Portuguese).',
  /** Shown before any charge (docs/product.md#output-language) when the active writer does not write the wanted language. */
  writesEnglishOnly: (language: string) =>
    `The answer will be in English: the offline writer writes ${OFFLINE_LANGUAGES}, not ${language} (the LLM writer does, when the server has one).`,
  /** The Settings page's hint under the output language, on a server with the offline writer. */
  offlineWriterLanguages: `The offline writer on this server writes ${OFFLINE_LANGUAGES}; the other languages need the LLM writer.`,
  // The LLM writer's answer failed its grammar and content checks twice (docs/product.md#the-writers).
  writerQualityFailed:
    'The AI writer could not produce text that passed our quality checks (grammar, your content preferences). Your credit was refunded; please try again.',
} as const;

/** Portal-only texts (docs/product.md#messages). Added for the web portal; one place for each string. */
export const PORTAL_MESSAGES = {
  reminderEmailRequired: 'Please enter an email address',
  verificationHint: "We'll send you a verification email after registration.",
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  registrationIncomplete: 'Registration incomplete',
  registrationIncompleteBody: "Your account was created but we couldn't save your profile. Please try again or contact support.",
  registrationIncompleteFallback: 'Failed to create user in database',
  verificationFailed: 'Failed to send verification email',
  resetFailed: 'Failed to send reset email',
  logoutFailed: 'Logout failed',
  accountCreated: 'Account created successfully',
  verificationSent: 'Verification email sent',
  checkEmailVerify: 'Please check your email to verify your account.',
  resetSent: 'Password reset email sent',
  checkEmailReset: 'Please check your email to reset your password.',
  /** Said whether or not the address has an account: the reset form must not tell who is registered. */
  resetIfAccountExists: 'If an account exists for this address, we sent a reset link.',
  /** After a registration the server refused (409: the address belongs to a lost account): how to reclaim it. */
  reclaimVerificationSent: (email: string) => `We sent a verification email to ${email}: click its link, then sign in.`,
  fetchUserFailed: 'Failed to fetch user',
  sessionRefused: 'Your sign-in is no longer accepted (it was ended, or the account changed). Please sign in again.',
  syncFailed: 'Failed to sync subscription',
  checkoutFailed: 'Failed to create checkout session',
  fetchHistoryFailed: 'Failed to fetch history',
  fetchInsightsFailed: 'Failed to fetch insights',
  fetchSettingsFailed: 'Failed to fetch settings',
  emptyDescriptionTitle: 'Empty description',
  analysisComplete: 'Analysis complete',
  analysisIncomplete: 'Analysis incomplete',
  analysisIncompleteBody: 'Unable to generate insights for this profile.',
  noInsightsGenerated: 'No insights could be generated. Please try a different person description.',
  analysisFailed: 'Analysis failed',
  analysisFailedBody: 'Unable to analyze this person. Please check the description and try again.',
  analysisError: 'There was an error analyzing this profile. Please try again later.',
  analyzeFailedPrefix: 'Failed to analyze profile: ',
  streamNotReadable: 'Response body is not readable as a stream',
  checkInput: 'Please check your input and try again',
  historyLoadFailed: '## Error Failed to load insights.',
  previousAnalysisFailed: 'Failed to load previous analysis',
  noInsightsTitle: 'No Insights Available',
  noInsightsBody: 'No detailed insights were found for this profile.',
  settingsSaved: 'Your enrichment settings have been updated successfully.',
  settingsFailedPrefix: 'Failed to update settings: ',
  settingsFailedFallback: 'Failed to update settings. Please try again.',
  outputLanguageSaved: (label: string) => `Output language saved: ${label}.`,
  reminderFailed: 'Failed to send test reminder',
  reminderFailedTitle: 'Failed to Send Email',
  reminderFailedFallback: 'Failed to send test reminder. Please check server logs for verification instructions.',
  reminderSent: 'Test reminder sent successfully',
  callNonJson: 'Server returned non-JSON response',
  callFailed: 'Failed to initiate call',
  callFailedFallback: 'Something went wrong',
  callConnectFailed: 'Failed to connect to server',
  callInitiated: 'Call initiated',
  callInitiatedBody: 'Your call is being connected. Please answer when your phone rings.',
  offlineWriter: 'Written by the offline writer (no AI model is configured on this server).',
  // Charged once per answer (docs/decisions/0012-charged-once-per-answer.md): answers returned from storage, and Regenerate.
  storedAnswer: 'Already analysed with the same input and settings: shown from your history, no credit used.',
  regenerate: 'Regenerate',
  regenerateCost: 'Regenerate writes a new version and uses 1 credit.',
  regenerateConfirm: 'Write a new version? This uses 1 credit.',
  regenerating: 'Writing a new version…',
  enrichStored: 'Already generated for this lead with the same details and settings: shown without using credits.',
  enrichRegenerateCost: (n: number) => `Regenerate writes new versions and uses ${n} credit${n === 1 ? '' : 's'}.`,
  enrichRegenerateConfirm: (n: number) => `Write new versions? This uses ${n} credit${n === 1 ? '' : 's'}.`,
  copied: 'Copied as plain text.',
} as const;

/** Practice reminders (docs/product.md#practice-reminders): server answers and the unsubscribe page. */
export const REMINDER_MESSAGES = {
  unsubscribeInvalid: 'This unsubscribe link is not valid. Use the link in your latest reminder e-mail, or turn reminders off in Settings.',
  unsubscribeConfirmTitle: 'Turn off practice reminders?',
  unsubscribeConfirmBody: 'You will stop receiving practice-call reminder e-mails. You can turn them on again in Settings.',
  unsubscribeButton: 'Turn off reminders',
  unsubscribedTitle: 'Practice reminders are off',
  unsubscribedBody: 'You will not receive practice-call reminder e-mails any more. You can turn them on again in Settings.',
  testAddressUnsubscribed: 'This was a test e-mail: no reminders are scheduled for this address.',
  saved: 'Practice reminder settings saved',
  failedToLoadUsers: 'Failed to load opted-in users',
} as const;

/** The account page and its routes (docs/product.md#settings-and-account). */
export const ACCOUNT_MESSAGES = {
  confirmEmailMismatch: 'To delete your account, type the e-mail address you signed in with.',
  subscriptionNotCancelled:
    'Your subscription could not be cancelled, so nothing was deleted. Please try again in a few minutes or contact support.',
  paymentsOffWithSubscription:
    'You have an active subscription but payments are not configured on this server, so it cannot be cancelled. Please contact support.',
  identityNotDeleted: 'Your data was deleted, but the sign-in account could not be removed. Please try again.',
  accountDeleted: 'Your account and its data were deleted.',
  deleteFailed: 'Failed to delete the account',
  exportFailed: 'Failed to export your data',
  passwordChanged: 'Password changed',
  passwordChangeFailed: 'Failed to change the password',
  passwordsDiffer: 'The new passwords do not match',
  usageFailed: 'Failed to load credit usage',
  paymentsOffReason: 'Payments are not configured on this server, so plans cannot be bought here yet.',
  /** The refund promise, said the same way on the plans page, in the FAQ and in the delete dialog. */
  moneyBackGuarantee: `All plans include a ${MONEY_BACK_DAYS}-day money-back guarantee: ask support within ${MONEY_BACK_DAYS} days of a payment and it is refunded.`,
  deleteCancelsSubscription: 'Any subscription is cancelled now and is not billed again.',
  notFoundTitle: '404 Page Not Found',
  notFoundBody: 'The page you were looking for does not exist. It may have moved, or the address may be mistyped.',
  screenOutdatedTitle: 'A new version of the portal is available',
  screenOutdatedBody: 'This screen could not be loaded because the portal was updated while it was open. Reload the page to continue.',
  screenFailedTitle: 'This screen stopped working',
  screenFailedBody: 'Something went wrong while showing it. Try again, or reload the page.',
} as const;
