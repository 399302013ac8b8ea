/** Server-side practice-call messages (the portal shows the server's text). One place for each string. */
export const CALLS_MESSAGES = {
  phoneInvalid: 'This phone number is not valid. Enter it with the country code, for example +44 20 7946 0958.',
  phoneNotSet: 'Save your phone number in Settings first: practice calls ring the number saved there.',
  phoneMismatch: 'Practice calls can only ring the number saved in Settings. Change it there, or leave the number out.',
  phoneNotConfigured:
    'Phone calls are not set up on this server (no Twilio account is configured). Practice in the browser instead: it is available now.',
  unknownScenario: 'This practice scenario does not exist. Choose one from the list or let us pick one at random.',
  callInProgress: 'A practice call is already in progress. Finish it (or wait a moment for it to end) before starting another.',
  // The time of the next call goes in the answer's retryAt: the portal says it in the user's own time zone.
  dailyLimit: (perDay: number) =>
    `You have used your ${perDay} practice calls for the last 24 hours. Sessions in which you said nothing in the first minute do not count.`,
  phoneDialLimit: (dials: number) =>
    `We have rung your phone ${dials} times in the last 24 hours, the most we ring one number in a day. Practise in the browser until then.`,
  providerRefused: (reason: string) => `The phone provider refused the call: ${reason}`,
  providerUnreachable: 'The phone provider could not be reached. Please try again in a moment.',
  callNotFound: 'Practice call not found',
  invalidSignature: 'Invalid or missing X-Twilio-Signature.',
  // Spoken or shown during a session.
  relayApology:
    "I'm sorry, something went wrong on our side, so I have to end this practice call here. Please try again in a little while.",
  relayFailed: 'The practice call stopped because of an error on our side.',
  staleCall: 'The call did not finish properly (the server stopped while it was running).',
  sessionNeverOpened: 'The practice session was started but never opened.',
  socketAuthRequired: 'Send {"type":"auth","token","callId"} first.',
  socketAuthFailed: 'Sign in again: the session token could not be verified.',
  socketEmailUnverified: 'Verify your e-mail address before practising.',
  socketNotYours: 'This practice session does not exist or is not yours.',
  socketAlreadyOpen: 'This practice session has already started or ended. Start a new one.',
  socketBadMessage: 'Unreadable message: send JSON with a known type.',
  feedbackFailed: 'The feedback for this session could not be written. The transcript is saved in Call Logs.',
  noFeedbackEmpty: 'There is no feedback because nothing was said in this session. It does not count against your daily practice limit.',
} as const;
