/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // test/upstream checks the seed against reference files that live beside the project, not in it:
  // `npm run test:upstream` runs it (CI does), so `npm test` works in any clone.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/upstream/'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
};
