import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/**
 * Module boundaries and layers (docs/decisions.md, "Layers" and "Module boundaries"):
 *
 * 1. SQL lives in repositories. `.query(`, `createQueryBuilder` and SQL text appear only in files
 *    named `*.repository.ts`, files under a `repositories/` folder, platform/database/migrations and
 *    the database platform's own files (PLATFORM_SQL). No module imports another's repository.
 * 2. A table has one owner. A module's code names only its own tables (SQL, query builders) and
 *    entities; the exceptions are the declared read models (READ_MODEL_MODULES): files named
 *    `*-read-model.repository.ts` whose header says "Reads (foreign tables): a, b." and which read
 *    only those. A table belongs to the module whose folder declares its @Entity (three tables have
 *    no entity). Also exempt: platform/database (migrations, seed runner), *.seed.ts (the demo
 *    data), entity files (a relation to another module's entity is a foreign key, not a read).
 *    A view an owner publishes (PUBLISHED_VIEWS) is read by any module, written by none.
 * 3. The platform sits below the domain modules: no platform file imports one (PLATFORM_WIRING
 *    aside).
 */
const SRC = join(__dirname);
const TABLES_WITHOUT_ENTITY: Record<string, string> = {
  session: 'auth',
  board_version: 'tasks',
  board_changes: 'tasks',
  user_access: 'users',
};
/**
 * Views an owner defines (in a migration) for other modules to read instead of its tables: their
 * columns are the owner's promise. user_access: an approved account and his profile's permissions,
 * which the auth module reads inside its one session query.
 */
const PUBLISHED_VIEWS = new Set(['user_access']);
/** Modules that may hold a declared cross-table read model (they only read the other modules' tables). */
const READ_MODEL_MODULES = new Set(['analytics']);

/**
 * The database platform: files that speak to PostgreSQL itself (a database to create, channels to
 * LISTEN on, the statements repositories hand over, prepared) and name no module's table.
 */
const PLATFORM_SQL = [
  'platform/database/change-listener.ts',
  'platform/database/ensure-database.ts',
  'platform/database/prepared-query.ts',
];

/**
 * Platform files that wire the domain modules in by design: the entity list, and the seed runner
 * with the seeds of the default profiles, the first administrator and the demo team.
 */
const PLATFORM_WIRING = ['platform/database/entities.ts', 'platform/database/seed-cli.ts', 'platform/database/seeds/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** A domain module's folder, or `platform/<part>` for a part of the platform. */
const moduleOf = (file: string): string => {
  const [first, second] = relative(SRC, file).split('/');
  return first === 'platform' ? `platform/${second}` : first;
};
const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** A call that runs SQL, or SQL text: a statement's keywords, a typed placeholder ($1::int) or a quoted column compared to one. */
const SQL = [
  /\.query\s*(?:<[^>]*>)?\s*\(/,
  /\bcreateQueryBuilder\b/,
  /\bSELECT\b[\s\S]{0,400}?\bFROM\b/,
  /\b(?:INSERT\s+INTO|DELETE\s+FROM|ON\s+CONFLICT)\b/,
  /\bUPDATE\s+"?\w+"?\s+SET\b/,
  /\$\d+::[a-z]/,
  /"\w+"\s*(?:=|<|>|IN)\s*\$\d/,
];
export const hasSql = (text: string): boolean => {
  const code = withoutComments(text);
  return SQL.some((pattern) => pattern.test(code));
};

/** Where SQL may live: a repository (a `*.repository.ts` file or a `repositories/` folder), a migration, or the database platform. */
export const sqlAllowedIn = (path: string): boolean =>
  path.endsWith('.repository.ts') ||
  path.split('/').includes('repositories') ||
  path.startsWith('platform/database/migrations/') ||
  PLATFORM_SQL.includes(path);

/** A declared read model: a `*-read-model.repository.ts` file of a read-model module. */
const isReadModel = (path: string): boolean =>
  READ_MODEL_MODULES.has(path.split('/')[0]) && basename(path).endsWith('-read-model.repository.ts');

/** The foreign tables a read model's header declares ("Reads (foreign tables): a, b."). */
export function declaredReads(text: string): string[] {
  const match = /Reads \(foreign tables\):\s*([a-z_,\s]+?)\./.exec(text);
  return match ? match[1].split(',').map((name) => name.trim()) : [];
}

function ownership(files: string[]): { tableOwner: Map<string, string>; entityOwner: Map<string, string> } {
  const tableOwner = new Map(Object.entries(TABLES_WITHOUT_ENTITY));
  const entityOwner = new Map<string, string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/@Entity\('([a-z_]+)'\)[\s\S]*?export class (\w+)/g)) {
      tableOwner.set(match[1], moduleOf(file));
      entityOwner.set(match[2], moduleOf(file));
    }
  }
  return { tableOwner, entityOwner };
}

/** The other modules' tables (SQL or query builder) and entities (repositories) a source text names. */
function foreignNames(text: string, owner: string, tableOwner: Map<string, string>, entityOwner: Map<string, string>): string[] {
  const tables = [...tableOwner.keys()].join('|');
  // FROM/JOIN/INTO/UPDATE/TABLE x, quoted or not, and query builders: .from('x'), leftJoin('x', …).
  const sql = new RegExp(`(\\bfrom|join|\\binto|\\bupdate|\\btable)\\s*\\(?\\s*['"\`]?"?(${tables})\\b`, 'gi');
  const hits = new Set<string>();
  const code = withoutComments(text);
  for (const match of code.matchAll(sql)) {
    const table = match[2].toLowerCase();
    const reads = /^(from|join)$/i.test(match[1]);
    if (tableOwner.get(table) !== owner && !(reads && PUBLISHED_VIEWS.has(table))) hits.add(table);
  }
  for (const match of code.matchAll(/\b(\w+Entity)\b/g)) {
    const entityModule = entityOwner.get(match[1]);
    if (entityModule && entityModule !== owner) hits.add(match[1]);
  }
  return [...hits];
}

/** "file: table or entity" for every reference to another module's table (a read model: one it does not declare). */
function foreignReferences(): string[] {
  const files = sourceFiles(SRC);
  const { tableOwner, entityOwner } = ownership(files);
  const found: string[] = [];
  for (const file of files) {
    const path = relative(SRC, file);
    const owner = moduleOf(file);
    if (owner === 'platform/database' || /\.(seed|entity|entities)\.ts$/.test(path)) continue;
    const text = readFileSync(file, 'utf8');
    const declared = isReadModel(path) ? new Set(declaredReads(text)) : new Set<string>();
    for (const name of foreignNames(text, owner, tableOwner, entityOwner)) if (!declared.has(name)) found.push(`${path}: ${name}`);
  }
  return found.sort();
}

describe('module boundaries', () => {
  const files = sourceFiles(SRC).map((file) => ({ path: relative(SRC, file), text: readFileSync(file, 'utf8') }));

  it('runs SQL only in repositories, migrations and the database platform', () => {
    const outside = files.filter((file) => !sqlAllowedIn(file.path) && hasSql(file.text)).map((file) => file.path);
    expect(outside).toEqual([]);
  });

  it('keeps the platform below the domain modules: no platform file imports a domain module', () => {
    const upward = files
      .filter(({ path }) => path.startsWith('platform/') && !PLATFORM_WIRING.some((wiring) => path.startsWith(wiring)))
      .flatMap(({ path, text }) =>
        [...text.matchAll(/from '(\.[^']*)'/g)]
          .map((match) => relative(SRC, join(SRC, dirname(path), match[1])))
          .filter((target) => !target.startsWith('platform/') && !target.startsWith('..'))
          .map((target) => `${path} → ${target}`),
      );
    expect(upward).toEqual([]);
  });

  it("imports no other module's repository: a module offers methods, not SQL or its queries", () => {
    // The app's root module wires every module; seeds build demo data with the owners' parts.
    const domainFiles = files.filter(({ path }) => path.includes('/') && !path.endsWith('.seed.ts'));
    const crossing = domainFiles.flatMap(({ path, text }) =>
      [...text.matchAll(/from '(\.[^']*)'/g)]
        .map((match) => relative(SRC, join(SRC, dirname(path), match[1])))
        .filter(
          (target) =>
            moduleOf(join(SRC, target)) !== moduleOf(join(SRC, path)) &&
            sqlAllowedIn(`${target}.ts`) &&
            !PLATFORM_SQL.includes(`${target}.ts`),
        )
        .filter((target) => target !== 'platform/database/repository')
        .map((target) => `${path} → ${target}`),
    );
    expect(crossing).toEqual([]);
  });

  it('no module reads or writes a table another module owns, beyond what a read model declares', () => {
    expect(foreignReferences()).toEqual([]);
  });

  it('declares every read model with the foreign tables it reads, each owned by another module', () => {
    const { tableOwner } = ownership(sourceFiles(SRC));
    const readModels = files.filter((file) => isReadModel(file.path));
    expect(readModels.length).toBeGreaterThan(0);
    for (const { path, text } of readModels) {
      const declared = declaredReads(text);
      expect({ path, declared: declared.length > 0 }).toEqual({ path, declared: true });
      const notForeign = declared.filter((table) => !tableOwner.has(table) || tableOwner.get(table) === path.split('/')[0]);
      expect({ path, notForeign }).toEqual({ path, notForeign: [] });
    }
  });

  it("finds another module's table in SQL, a query builder or a repository, and not its own", () => {
    const { tableOwner, entityOwner } = ownership(sourceFiles(SRC));
    expect(tableOwner.get('users')).toBe('users');
    expect(tableOwner.get('task_history')).toBe('tasks');
    expect(tableOwner.get('session')).toBe('auth');
    const names = (text: string, owner: string) => foreignNames(text, owner, tableOwner, entityOwner).sort();
    expect(names('db.query(`SELECT t.id FROM tasks t JOIN users u ON u.id = t."createdBy"`)', 'tasks')).toEqual(['users']);
    expect(names(`db.query('INSERT INTO "task_history" ("taskId") VALUES ($1)')`, 'timer')).toEqual(['task_history']);
    expect(names(`qb.leftJoin('clients', 'c', 'c.id = t."clientId"')`, 'tasks')).toEqual(['clients']);
    expect(names(`manager.getRepository(UserEntity).update({ id }, patch)`, 'auth')).toEqual(['UserEntity']);
    expect(names('// reads FROM users only in a comment\nSELECT 1 FROM time_entries e', 'timer')).toEqual([]);
    expect(names('SELECT id FROM user_access WHERE id = $1', 'auth')).toEqual([]);
    expect(names('UPDATE user_access SET name = $2', 'auth')).toEqual(['user_access']);
    expect(names('SELECT id FROM users WHERE id = $1', 'auth')).toEqual(['users']);
  });

  it('tells SQL from code, and repositories from the rest', () => {
    expect(hasSql('await db.query(`SELECT 1`)')).toBe(true);
    expect(hasSql('pool.query<Row>({ name, text, values })')).toBe(true);
    expect(hasSql("manager.createQueryBuilder(TaskEntity, 't')")).toBe(true);
    expect(hasSql('const sql = `SELECT id\n  FROM tasks`;')).toBe(true);
    expect(hasSql('`UPDATE clients SET color = $2`')).toBe(true);
    expect(hasSql("return '$1::int IS NOT NULL';")).toBe(true);
    expect(hasSql('`(e."userId" = $1 OR ${other})`')).toBe(true);
    expect(hasSql('/** SELECT x FROM y in a comment */ const a = 1;')).toBe(false);
    expect(hasSql("throw new BadRequestException('Selecione um cliente'); repository.find({ where: { id } });")).toBe(false);
    expect(sqlAllowedIn('clients/clients.repository.ts')).toBe(true);
    expect(sqlAllowedIn('analytics/repositories/entry-seconds.sql.ts')).toBe(true);
    expect(sqlAllowedIn('platform/database/migrations/1795338082073-Initial.ts')).toBe(true);
    expect(sqlAllowedIn('clients/clients.service.ts')).toBe(false);
    expect(sqlAllowedIn('platform/database/seeds/base.seed.ts')).toBe(false);
    expect(declaredReads('/**\n * Reads (foreign tables): tasks, time_entries.\n */')).toEqual(['tasks', 'time_entries']);
  });
});
