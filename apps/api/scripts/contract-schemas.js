// Generates JSON schemas for the types libs/contracts exports (interfaces and type aliases), which
// the OpenAPI document uses for its response bodies. `npm run openapi:schemas -w apps/api` rewrites
// src/platform/openapi/contract-schemas.json; a unit test fails while that file is out of date.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, so that a jest spec can require it */
const { join } = require('node:path');
const { writeFileSync } = require('node:fs');
const { createGenerator, ts } = require('ts-json-schema-generator');

const CONTRACTS = join(__dirname, '../../../libs/contracts');
const OUTPUT = join(__dirname, '../src/platform/openapi/contract-schemas.json');

/** Every exported interface and type alias of the contracts' index, sorted by name. */
function exportedTypeNames(program) {
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(join(CONTRACTS, 'src/index.ts'));
  const names = checker
    .getExportsOfModule(checker.getSymbolAtLocation(index))
    .filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias);
    })
    .map((symbol) => symbol.name);
  return names.sort();
}

function generateContractSchemas() {
  const generator = createGenerator({
    path: join(CONTRACTS, 'src/index.ts'),
    tsconfig: join(CONTRACTS, 'tsconfig.build.json'),
    expose: 'export',
    topRef: false,
    jsDoc: 'basic',
    skipTypeCheck: true,
    additionalProperties: false,
  });
  const definitions = {};
  const skipped = [];
  for (const name of exportedTypeNames(generator.program)) {
    try {
      const schema = generator.createSchema(name);
      Object.assign(definitions, schema.definitions);
      const { $schema: _draft, definitions: _nested, ...own } = schema;
      definitions[name] = own;
    } catch (error) {
      skipped.push(`${name}: ${error.message.split('\n')[0]}`);
    }
  }
  const sorted = Object.fromEntries(
    Object.keys(definitions)
      .sort()
      .map((key) => [key, definitions[key]]),
  );
  return { definitions: sorted, skipped };
}

module.exports = { generateContractSchemas, OUTPUT };

if (require.main === module) {
  const { definitions, skipped } = generateContractSchemas();
  // Written as prettier formats it, so `npm run lint` (prettier --check) passes on the generated file.
  const prettier = require('prettier');
  prettier
    .resolveConfig(OUTPUT)
    .then((options) => prettier.format(JSON.stringify({ definitions }), { ...options, parser: 'json' }))
    .then((text) => {
      writeFileSync(OUTPUT, text);
      console.log(`${Object.keys(definitions).length} schemas written to ${OUTPUT}`);
      if (skipped.length) console.log(`not representable as JSON schema (skipped):\n  ${skipped.join('\n  ')}`);
    });
}
