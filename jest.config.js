// Two Jest projects, two tiers:
// - `unit` (`npm run test:unit`): fast tests that run in the test process alone — no server, no browser, no
//   child process, no seeded database, so no global setup (no build of dist/, no seeding). For the edit loop.
// - `integration`: everything else (HTTP, CLI, processes, browser, load, fuzz, and the tests that read the
//   run's seeded database); its global setup builds dist/ when stale and seeds one database for the run.
// `npm test` runs both. A new test file is `unit` when it is in test/unit/, else `integration`.

/** The unit tier is a folder: a test that needs no server, child process or seeded database lives in test/unit/. */
const UNIT = ['test/unit/**/*.test.ts'];
// Not here though in-process: test/seed/ (it loads the whole seed per test and writes databases: about 40 s
// on two idle cores, more than the rest of the tier together); `npx jest test/seed` runs it.

const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  // test/upstream checks the seed against reference files that live beside the project, not in it:
  // `npm run test:upstream` runs it (CI does), so `npm test` works in any clone.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/upstream/'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  testTimeout: 60000,
};

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60000,
  // A worker per core. Jest's default keeps one core for its own process, which on two cores means one worker
  // and every file in turn; but many files spend their time waiting on a child process, a server or a browser,
  // so two workers on two cores took the suite from 426 s to 216 s (docs/performance.md, "The test suite").
  maxWorkers: '100%',
  projects: [
    { ...shared, displayName: 'unit', testMatch: UNIT.map((glob) => `**/${glob}`) },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['**/*.test.ts', ...UNIT.map((glob) => `!**/${glob}`)],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
