// Seeds a large agency with set-based SQL (generate_series), in a few seconds.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { apiDist, withClient } from './lib.mjs';

export const BENCH_PASSWORD = 'bench-password-123';
export const SIZES = {
  users: 200, // including admin
  clients: 300,
  extraColumns: 7, // + the 5 seeded ones = 12
  tasks: 20_000,
  boardTasks: 5_000,
  timeEntries: 200_000,
  comments: 50_000,
  rooms: 100,
  messages: 200_000,
  notificationsPerUser: 20,
};

/** argon2id hash made once with the API's own argon2 package. */
async function benchPasswordHash() {
  const require = createRequire(join(apiDist, 'main.js'));
  const argon2 = require('argon2');
  return argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id });
}

/** Fills the migrated and base-seeded database; returns ids the runs need. */
export async function seedAgency(databaseUrl) {
  const hash = await benchPasswordHash();
  const s = SIZES;
  return withClient(databaseUrl, async (db) => {
    const q = (text, params) => db.query(text, params);
    await q('BEGIN');
    // 199 approved users over profiles 1/2/3 (role follows the profile), all with the bench password.
    await q(
      `INSERT INTO users (name, username, email, "passwordHash", role, "accessProfileId", "isApproved", "approvedAt")
       SELECT 'Usuário Bench ' || i, 'bench' || i, 'bench' || i || '@bench.local', $1,
              (ARRAY['admin','manager','collaborator'])[1 + i % 3], 1 + i % 3, true, now()
         FROM generate_series(1, $2::int) i`,
      [hash, s.users - 1],
    );
    await q(
      `INSERT INTO clients (name, email, phone, color, description)
       SELECT 'Cliente Bench ' || lpad(i::text, 3, '0'), 'cliente' || i || '@bench.local', '(11) 9' || lpad(i::text, 4, '0') || '-0000',
              (ARRAY['#ef4444','#3b82f6','#22c55e','#f97316','#8b5cf6'])[1 + i % 5], 'Cliente gerado pelo benchmark'
         FROM generate_series(1, $1::int) i`,
      [s.clients],
    );
    // 12 columns: the 5 seeded ones with 7 more before 'concluídos'.
    await q(`UPDATE columns SET position = position + $1 WHERE name = 'concluídos'`, [s.extraColumns]);
    await q(`INSERT INTO columns (name, position, color) SELECT 'Etapa ' || i, 4 + i, '#0ea5e9' FROM generate_series(1, $1::int) i`, [
      s.extraColumns,
    ]);
    // Tasks: the first boardTasks on the board, the rest archived. Their order keys come from the
    // table's default (the TaskRank migration): increasing in insertion order.
    await q(
      `WITH cols AS (SELECT array_agg(id ORDER BY position) AS ids, count(*)::int AS n FROM columns),
            cls AS (SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n FROM clients)
       INSERT INTO tasks (title, description, "clientId", "columnId", deadline, "reminderTime", "createdBy", "isArchived", "createdAt", "updatedAt")
       SELECT 'Tarefa bench ' || i || ': peças para redes sociais',
              'Criar artes e legendas da campanha ' || i || '. Referências no drive do cliente; aprovar com o gerente antes de publicar.',
              cls.ids[1 + i % cls.n], cols.ids[1 + (i - 1) % cols.n],
              now() + ((i % 60) - 20) * interval '1 day' + (i % 24) * interval '1 hour',
              CASE WHEN i % 5 = 0 THEN '1d' END,
              1, i > $2,
              now() - (i % 90) * interval '1 day', now()
         FROM generate_series(1, $1::int) i, cols, cls`,
      [s.tasks, s.boardTasks],
    );
    await q(`UPDATE tasks SET "completedAt" = "updatedAt" WHERE "columnId" = (SELECT id FROM columns WHERE name = 'concluídos')`);
    // One or two assignees per task (never the admin, id 1, who sees everything anyway).
    await q(
      `INSERT INTO task_assignees ("taskId", "userId")
       SELECT t.id, u FROM tasks t,
              LATERAL (SELECT DISTINCT unnest(ARRAY[2 + t.id % ($1::int - 1), 2 + (t.id * 7) % ($1::int - 1)]) AS u) a
        WHERE t.id % 3 <> 0 OR u = 2 + t.id % ($1::int - 1)`,
      [s.users],
    );
    await q(
      `INSERT INTO time_entries ("userId", "taskId", "startTime", "endTime", duration, description)
       SELECT 1 + i % $2::int, 1 + (i * 13) % $3::int, st, st + d * interval '1 second', d, CASE WHEN i % 4 = 0 THEN 'Trabalho na tarefa' END
         FROM generate_series(1, $1::int) i,
              LATERAL (SELECT 300 + (i * 37) % 7200 AS d) dur,
              -- Finished entries end before now: one ending later would overlap the timers the bench starts.
              LATERAL (SELECT now() - (i % 365) * interval '1 day' - (i % 600) * interval '1 minute' - d * interval '1 second' AS st) x`,
      [s.timeEntries, s.users, s.tasks],
    );
    await q(
      `INSERT INTO task_comments ("taskId", "userId", content, "createdAt")
       SELECT 1 + (i * 7) % $2::int, 1 + i % $3::int, 'Comentário ' || i || ': ajustes pedidos pelo cliente.', now() - (i % 1000) * interval '1 hour'
         FROM generate_series(1, $1::int) i`,
      [s.comments, s.tasks, s.users],
    );
    await q(
      `INSERT INTO chat_rooms (name, description, "createdBy") SELECT 'Sala bench ' || i, 'Conversa da equipe ' || i, 1 FROM generate_series(1, $1::int) i`,
      [s.rooms],
    );
    await q(
      `INSERT INTO chat_messages ("roomId", "userId", message, "createdAt")
       SELECT r.ids[1 + i % $2::int], 1 + i % $3::int, 'Mensagem ' || i || ' sobre o andamento dos trabalhos da semana.',
              now() - ($1::int - i) * interval '10 seconds'
         FROM generate_series(1, $1::int) i, (SELECT array_agg(id ORDER BY id) AS ids FROM chat_rooms) r`,
      [s.messages, s.rooms, s.users],
    );
    await q(
      `INSERT INTO notifications ("userId", type, title, message, "isRead", data, "createdAt")
       SELECT u.id, 'task_assigned', 'Nova tarefa atribuída: Tarefa bench ' || n, 'Você foi adicionado à tarefa.', n % 3 = 0,
              jsonb_build_object('taskId', n), now() - n * interval '1 hour'
         FROM users u, generate_series(1, $1::int) n`,
      [s.notificationsPerUser],
    );
    // The admin's timer runs, so GET /api/time-entries/active answers with an entry.
    await q(`INSERT INTO time_entries ("userId", "taskId", "startTime") VALUES (1, 1, now())`);
    await q('COMMIT');
    await q('ANALYZE');

    const { rows: roomRows } = await q(`SELECT id FROM chat_rooms ORDER BY id LIMIT 1`);
    const { rows: boardRows } = await q(`SELECT id FROM tasks WHERE NOT "isArchived" ORDER BY id`);
    const { rows: columnRows } = await q(`SELECT id FROM columns ORDER BY position`);
    const { rows: userRows } = await q(`SELECT id, email, "accessProfileId" FROM users WHERE id <> 1 ORDER BY id`);
    const { rows: counts } = await q(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM tasks)::int AS tasks,
              (SELECT count(*) FROM task_assignees)::int AS assignees, (SELECT count(*) FROM time_entries)::int AS time_entries,
              (SELECT count(*) FROM task_comments)::int AS comments, (SELECT count(*) FROM chat_messages)::int AS messages,
              (SELECT count(*) FROM notifications)::int AS notifications, (SELECT count(*) FROM columns)::int AS columns`,
    );
    return {
      roomId: roomRows[0].id,
      boardTaskIds: boardRows.map((r) => r.id),
      columnIds: columnRows.map((r) => r.id),
      users: userRows,
      counts: counts[0],
    };
  });
}

/**
 * Web phase: exactly `keep` open tasks on the board, the first by id outside 'concluídos' (archived
 * ones brought back if the board holds fewer); every other task archived. Positions are computed on read.
 */
export async function shrinkBoard(databaseUrl, keep) {
  await withClient(databaseUrl, async (db) => {
    await db.query(
      `WITH kept AS (
         SELECT t.id FROM tasks t JOIN columns c ON c.id = t."columnId" WHERE c.name <> 'concluídos' ORDER BY t.id LIMIT $1)
       UPDATE tasks SET "isArchived" = id NOT IN (SELECT id FROM kept)
        WHERE "isArchived" IS DISTINCT FROM (id NOT IN (SELECT id FROM kept))`,
      [keep],
    );
  });
}
