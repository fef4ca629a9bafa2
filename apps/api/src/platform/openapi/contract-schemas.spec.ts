import { readFileSync } from 'node:fs';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS build script
const { generateContractSchemas, OUTPUT } = require('../../../scripts/contract-schemas.js');

describe('contract schemas', () => {
  it('are up to date with libs/contracts (npm run openapi:schemas -w apps/api rewrites them)', () => {
    const { definitions } = generateContractSchemas();
    expect(JSON.parse(readFileSync(OUTPUT, 'utf8')).definitions).toEqual(definitions);
  }, 30000);
});
