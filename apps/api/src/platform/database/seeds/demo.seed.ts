import type { DataSource } from 'typeorm';
import { hashPassword } from '../../crypto/passwords';

export const DEMO_PASSWORD = 'wkflow123';

const DEMO_USERS = [
  { name: 'Maria Souza', username: 'maria', email: 'maria@wkflow.local', role: 'manager', profile: 2, approved: true },
  { name: 'Carlos Lima', username: 'carlos', email: 'carlos@wkflow.local', role: 'manager', profile: 2, approved: true },
  { name: 'João Pereira', username: 'joao', email: 'joao@wkflow.local', role: 'collaborator', profile: 3, approved: true },
  { name: 'Ana Costa', username: 'ana', email: 'ana@wkflow.local', role: 'collaborator', profile: 3, approved: true },
  { name: 'Pedro Alves', username: 'pedro', email: 'pedro@wkflow.local', role: 'collaborator', profile: 3, approved: false },
];

/**
 * Demo team for trying the product (`npm start`); never run by the tests' own fixtures. Each user
 * gets a hash of its own (its own salt), computed before the transaction.
 */
export async function seedDemo(dataSource: DataSource): Promise<void> {
  const hashes: string[] = [];
  for (const _user of DEMO_USERS) hashes.push(await hashPassword(DEMO_PASSWORD)); // one at a time: each takes 64 MiB
  await dataSource.transaction(async (db) => {
    for (const [index, user] of DEMO_USERS.entries()) {
      const passwordHash = hashes[index];
      await db.query(
        // A pending account holds its profile as the requested one, a hint (Colaborador meanwhile).
        `INSERT INTO users (name, username, email, "passwordHash", role, "accessProfileId", "requestedProfileId", "isApproved", "approvedAt")
         SELECT $1::varchar, $2::varchar, $3::varchar, $4::varchar, CASE WHEN $7::boolean THEN $5::varchar ELSE 'collaborator' END,
                CASE WHEN $7::boolean THEN $6::int ELSE 3 END, CASE WHEN $7::boolean THEN NULL ELSE $6::int END, $7::boolean, CASE WHEN $7::boolean THEN now() END
          WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($2::varchar) OR lower(email) = lower($3::varchar))`,
        [user.name, user.username, user.email, passwordHash, user.role, user.profile, user.approved],
      );
    }
  });
}
