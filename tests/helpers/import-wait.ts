import { isRunning, type Import } from '@domain/imports/schema';
import { importJobsSettled } from '@server/features/imports/service';

/** Reads an import until its check or commit has ended (a worker runs them, decision 0285), at most a `limitMs`. */
export async function untilSettled(read: () => Promise<Import>, limitMs = 600_000): Promise<Import> {
  const until = Date.now() + limitMs;
  for (;;) {
    await importJobsSettled();
    const current = await read();
    if (!isRunning(current.status)) return current;
    if (Date.now() > until) throw new Error(`import ${current.id} still ${current.status} after ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
