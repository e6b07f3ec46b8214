import { defineConfig } from 'vitest/config';
import { poCatalogs } from './scripts/vite-po';

// The import aliases (@domain/..., @server/..., @tests/...) come from tsconfig.json's paths, in every project.
const resolve = { tsconfigPaths: true };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        plugins: [poCatalogs()],
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.ts', 'src/server/**/*.unit.test.ts', 'tests/*.unit.test.ts'],
          setupFiles: ['tests/setup-web-i18n.ts'],
          environment: 'node',
          // As the api project (decision record 0240): the files share their worker's module graph instead of importing
          // it again each. No unit test mocks modules, fakes timers or changes the environment; the suite passed with
          // the files shuffled. Measured alone: 87 s wall and 111 s CPU isolated, 34 s and 44 s shared (decision 0289).
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          name: 'api',
          include: ['src/server/**/*.api.test.ts', 'bench/**/*.api.test.ts'],
          environment: 'node',
          // The files share the worker's module graph instead of importing the whole server again each: about 1.3 s
          // less per file on this machine (decision record 0240). Each file still builds its own app and database
          // (tests/helpers/test-app.ts); no test mocks modules, fakes timers or changes the environment.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/api-global-setup.ts'],
        },
      },
      {
        // npm run test:instances (issue 44): two web instances and a worker of the built portal on one PostgreSQL.
        resolve,
        test: {
          name: 'instances',
          include: ['tests/instances/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        // npm run test:reliability (issue 8, load and faults): slow, real processes on loopback; not part of npm test.
        resolve,
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
