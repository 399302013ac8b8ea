import { startAuthEmulator, type AuthEmulator } from '../../server/scripts/auth-emulator';
import { TEST_EMULATOR } from './emulator-config';
import { freePort } from './free-port';

/** The Auth emulator for the test project on free ports (so `npm start` may run beside it), and the env that points at it. */
export async function startTestEmulator(): Promise<
  AuthEmulator & { env: { FIREBASE_AUTH_EMULATOR_HOST: string; FIREBASE_PROJECT_ID: string } }
> {
  const emulator = await startAuthEmulator({
    projectId: TEST_EMULATOR.projectId,
    port: await freePort(),
    hubPort: await freePort(),
    loggingPort: await freePort(),
  });
  return Object.assign(emulator, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: TEST_EMULATOR.projectId } });
}
