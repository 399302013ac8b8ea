/** The Auth emulator project of test runs; `npm test` picks free ports and passes FIREBASE_AUTH_EMULATOR_HOST. */
export const TEST_EMULATOR = { projectId: 'demo-icebreak' } as const;
