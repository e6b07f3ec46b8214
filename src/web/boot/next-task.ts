/**
 * Resolves in a task of its own, after the browser has had its turn (input, rendering): the app's start-up is cut
 * into stages with it, so no stage holds a phone's main thread for long (main.tsx, decision record 0299).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
