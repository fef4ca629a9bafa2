/**
 * QA remote mode: the HTTP-only suites (test/http) against a running deployment.
 *   API_URL=https://host ADMIN_EMAIL=... ADMIN_PASSWORD=... npm run test:api:remote
 * Nothing touches a database directly; the responses received are checked against the deployment's
 * OpenAPI document at the end (as in the local run). See docs/qa.md.
 */
if (!process.env.API_URL) throw new Error('Set API_URL to the deployment to test (e.g. API_URL=https://wkflow.example.com)');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest reads CommonJS configs
const local = require('./jest.config');

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  moduleFileExtensions: local.moduleFileExtensions,
  transform: local.transform,
  transformIgnorePatterns: local.transformIgnorePatterns,
  moduleNameMapper: local.moduleNameMapper,
  testMatch: ['<rootDir>/test/http/**/*.e2e-spec.ts'],
  testTimeout: 120000,
  globalSetup: '<rootDir>/test/setup/remote-setup.ts',
  globalTeardown: '<rootDir>/test/setup/remote-teardown.ts',
  setupFilesAfterEnv: local.setupFilesAfterEnv,
};
