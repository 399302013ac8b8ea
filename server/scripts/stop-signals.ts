const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Run `stop` once, on the first SIGINT, SIGTERM or SIGHUP; a second Ctrl-C only says it is under
 * way (an impatient Ctrl-C must not cut the emulator's last save of the accounts).
 */
export function onStopSignal(stop: () => Promise<void>, say: (line: string) => void = console.log): void {
  let stopping = false;
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (stopping) {
        say('Still stopping: saving the accounts and closing the database…');
        return;
      }
      stopping = true;
      void stop();
    });
  }
}
