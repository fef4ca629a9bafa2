import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Table ownership (docs/decisions.md, "Module boundaries"): a module's SQL and repositories name
 * only its own tables; what others need it offers as a service. A table belongs to the module
 * whose folder declares its @Entity (two tables have no entity). Exempt: the database folder
 * (migrations, seed runner), *.seed.ts (the dev/demo data tool), entity files (a relation to
 * another module's entity is a foreign key, not a read), and the one declared cross-table read
 * model: the analytics module (its figures, reports and the timesheet).
 */
const SRC = join(__dirname);
const TABLES_WITHOUT_ENTITY: Record<string, string> = { session: 'auth', board_version: 'tasks', board_changes: 'tasks' };
/** Declared cross-table read models (modules whose reports join other modules' tables in SQL; they only read). */
const READ_MODELS = new Set(['analytics']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const moduleOf = (file: string): string => relative(SRC, file).split('/')[0];
const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

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
  const sql = new RegExp(`(?:\\bfrom|join|\\binto|\\bupdate|\\btable)\\s*\\(?\\s*['"\`]?"?(${tables})\\b`, 'gi');
  const hits = new Set<string>();
  const code = withoutComments(text);
  for (const match of code.matchAll(sql)) {
    const table = match[1].toLowerCase();
    if (tableOwner.get(table) !== owner) hits.add(table);
  }
  for (const match of code.matchAll(/\b(\w+Entity)\b/g)) {
    const entityModule = entityOwner.get(match[1]);
    if (entityModule && entityModule !== owner) hits.add(match[1]);
  }
  return [...hits];
}

/** "file: table or entity" for every reference to another module's table. */
function foreignReferences(): string[] {
  const files = sourceFiles(SRC);
  const { tableOwner, entityOwner } = ownership(files);
  const found: string[] = [];
  for (const file of files) {
    const path = relative(SRC, file);
    const owner = moduleOf(file);
    if (owner === 'database' || READ_MODELS.has(owner) || /\.(seed|entity|entities)\.ts$/.test(path)) continue;
    for (const name of foreignNames(readFileSync(file, 'utf8'), owner, tableOwner, entityOwner)) found.push(`${path}: ${name}`);
  }
  return found.sort();
}

describe('module boundaries', () => {
  it('no module reads or writes a table another module owns', () => {
    expect(foreignReferences()).toEqual([]);
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
  });
});
