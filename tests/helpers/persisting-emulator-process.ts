/**
 * The Auth emulator as `npm start` runs it (server/scripts/start.ts): accounts kept in a folder,
 * stopped once by the first Ctrl-C. Run as its own process by tests/integration/local-accounts.test.ts:
 * `tsx persisting-emulator-process.ts <port> <hubPort> <loggingPort> <persistDir> [exportEveryMs]`.
 */
import { startAuthEmulator } from '../../server/scripts/auth-emulator';
import { onStopSignal } from '../../server/scripts/stop-signals';

const [port, hubPort, loggingPort, persistDir, exportEveryMs] = process.argv.slice(2);
const emulator = await startAuthEmulator({
  projectId: 'demo-icebreak',
  port: Number(port),
  hubPort: Number(hubPort),
  loggingPort: Number(loggingPort),
  persistDir: persistDir!,
  exportEveryMs: Number(exportEveryMs ?? 60_000),
});
onStopSignal(async () => {
  await emulator.stop();
  process.exit(0);
});
console.log(`READY ${emulator.host}`);
