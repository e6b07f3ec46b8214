// The import reader's worker when the server runs from its sources (tests, `npm run dev`): tsx's API loads the
// TypeScript worker. A worker's `--import tsx` in execArgv does not register tsx's hooks inside a worker thread on
// Node 20 (ERR_UNKNOWN_FILE_EXTENSION); this works on Node 20, 22 and 24. The built server runs read-file.worker.mjs.
import { tsImport } from 'tsx/esm/api';

await tsImport('./read-file.worker.ts', import.meta.url);
