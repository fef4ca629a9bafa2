import type { DataSource } from 'typeorm';
import { hashPassword } from '../../crypto/passwords';
import { UsersRepository } from '../../../users/repositories/users.repository';

export const DEMO_PASSWORD = 'wkflow123';

const DEMO_USERS = [
  { name: 'Maria Souza', username: 'maria', email: 'maria@wkflow.local', role: 'manager', profile: 2, approved: true },
  { name: 'Carlos Lima', username: 'carlos', email: 'carlos@wkflow.local', role: 'manager', profile: 2, approved: true },
  { name: 'João Pereira', username: 'joao', email: 'joao@wkflow.local', role: 'collaborator', profile: 3, approved: true },
  { name: 'Ana Costa', username: 'ana', email: 'ana@wkflow.local', role: 'collaborator', profile: 3, approved: true },
  { name: 'Pedro Alves', username: 'pedro', email: 'pedro@wkflow.local', role: 'collaborator', profile: 3, approved: false },
] as const;

/**
 * Demo team for trying the product (`npm start`); never run by the tests' own fixtures. Each user
 * gets a hash of its own (its own salt), computed before the transaction.
 */
export async function seedDemo(dataSource: DataSource): Promise<void> {
  const hashes: string[] = [];
  for (const _user of DEMO_USERS) hashes.push(await hashPassword(DEMO_PASSWORD)); // one at a time: each takes 64 MiB
  const users = new UsersRepository(dataSource);
  await users.transaction(async (db) => {
    for (const [index, user] of DEMO_USERS.entries()) {
      await users.insertUnlessTaken(db, {
        name: user.name,
        username: user.username,
        email: user.email,
        passwordHash: hashes[index],
        role: user.role,
        accessProfileId: user.profile,
        approved: user.approved,
      });
    }
  });
}
