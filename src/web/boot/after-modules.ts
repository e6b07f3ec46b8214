/** A stage's end in the app's start-up (main.tsx): what main.tsx imports after this module is evaluated in the next task. */
import { nextTask } from './next-task';

await nextTask();
