/** API tests: unit specs beside the code, e2e suites in test/ against real PostgreSQL and Redis. */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'cjs', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    // fractional-indexing ships ES modules only: compiled to CommonJS for jest (Node runs it as is).
    '/node_modules/fractional-indexing/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!fractional-indexing/)'],
  moduleNameMapper: { '^@wkflow/contracts$': '<rootDir>/../../libs/contracts/src/index.ts' },
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  // Records every supertest response; the global teardown checks them against the OpenAPI document.
  setupFilesAfterEnv: ['<rootDir>/test/setup/record-responses.ts'],
  testTimeout: 60000,
};
