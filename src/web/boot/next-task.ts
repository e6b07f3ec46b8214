/**
 * Resolves in a task of its own, after the browser has had its turn (input, rendering): the app's start-up is cut
 * into stages with it, so no stage holds a phone's main thread for long (main.tsx, decision record 0299).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `fn` a second after the next frame, called when the first page is on screen (the router's first render): for
 * what the first screen does not need (the rest of the catalog, a list's search schema). Asked for earlier, on a phone
 * its download would share the network with the first screen's scripts and data (a frame is drawn before it is shown,
 * and the first screen can take more than one).
 */
export function soonAfterFirstScreen(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 1000));
}
