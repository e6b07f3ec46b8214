import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout. Lines are written asynchronously (decision 0200): under load, the lines that arrive
 * while a write is in flight leave in one write instead of one blocking write each; when idle a line leaves at
 * once. Whatever is still buffered is written synchronously when the process exits.
 */
export function createLogger(level: string): Logger {
  const options: pino.LoggerOptions = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (level === 'silent') return pino(options);
  const destination = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      /* stdout already closed: nothing more can be written */
    }
  });
  return pino(options, destination);
}
