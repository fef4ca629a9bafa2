import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObjectSchema } from 'yup';
import {
  accessProfileSchema,
  adminPasswordSchema,
  editUserSchema,
  editUserValues,
  newUserSchema,
  ownPasswordSchema,
  profileInfoSchema,
  registerUserSchema,
  toCreateUserPayload,
  toUpdateUserPayload,
} from './users.schemas';

/** Field → first message of every failing rule (how Formik reads a yup schema). */
async function errorsOf(schema: AnyObjectSchema, values: object): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const out: Record<string, string> = {};
    for (const inner of error.inner) if (inner.path && !out[inner.path]) out[inner.path] = inner.message;
    return out;
  }
}

const validNewUser = {
  username: 'ana.costa',
  email: 'ana@agencia.com',
  password: 'segredo-da-ana',
  name: 'Ana Costa',
  accessProfileId: '3',
};

describe("newUserSchema ('Novo Usuário' dialog)", () => {
  it('accepts valid values at the minimum lengths, with the profile as the select gives it', async () => {
    expect(await errorsOf(newUserSchema, validNewUser)).toEqual({});
    expect(
      await errorsOf(newUserSchema, { ...validNewUser, username: 'abc', password: 'hgfedcba', name: 'Al', accessProfileId: 1 }),
    ).toEqual({});
  });

  it.each(['', 'ab', '  ab  '])('rejects the username %j', async (username) => {
    expect(await errorsOf(newUserSchema, { ...validNewUser, username })).toEqual({
      username: 'Nome de usuário deve ter pelo menos 3 caracteres',
    });
  });

  it('rejects usernames with characters the API refuses', async () => {
    expect(await errorsOf(newUserSchema, { ...validNewUser, username: 'ana costa' })).toEqual({
      username: 'Nome de usuário pode conter apenas letras, números, ponto, hífen e sublinhado',
    });
  });

  it.each(['', 'ana', 'ana@', 'ana agencia.com'])('rejects the email %j with "Email inválido"', async (email) => {
    expect(await errorsOf(newUserSchema, { ...validNewUser, email })).toEqual({ email: 'Email inválido' });
  });

  it.each(['', '12345', 'abcdefg'])('rejects the password %j', async (password) => {
    expect(await errorsOf(newUserSchema, { ...validNewUser, password })).toEqual({ password: 'Senha deve ter pelo menos 8 caracteres' });
  });

  it('rejects a password of spaces only and a common one, as the API does', async () => {
    expect(await errorsOf(newUserSchema, { ...validNewUser, password: ' '.repeat(8) })).toEqual({
      password: 'A senha não pode ter apenas espaços',
    });
    expect(await errorsOf(newUserSchema, { ...validNewUser, password: 'Mudar123' })).toEqual({
      password: 'Esta senha é muito comum e fácil de adivinhar: escolha outra',
    });
  });

  it.each(['', 'A', ' A '])('rejects the name %j', async (name) => {
    expect(await errorsOf(newUserSchema, { ...validNewUser, name })).toEqual({ name: 'Nome deve ter pelo menos 2 caracteres' });
  });

  it.each(['', '0', 0, -1, 'abc', null, undefined])(
    'rejects the profile %j with "Selecione um perfil de acesso"',
    async (accessProfileId) => {
      expect(await errorsOf(newUserSchema, { ...validNewUser, accessProfileId })).toEqual({
        accessProfileId: 'Selecione um perfil de acesso',
      });
    },
  );

  it('builds the POST body: trimmed texts, the password as typed, the profile as a number', () => {
    expect(
      toCreateUserPayload({
        ...validNewUser,
        name: ' Ana Costa ',
        email: ' ana@agencia.com ',
        username: ' ana.costa ',
        password: ' seg redo ',
      }),
    ).toEqual({
      username: 'ana.costa',
      email: 'ana@agencia.com',
      password: ' seg redo ',
      name: 'Ana Costa',
      accessProfileId: 3,
    });
  });
});

const validRegister = { ...validNewUser, confirmPassword: 'segredo-da-ana' };

describe('registerUserSchema (/users/register)', () => {
  it('accepts valid values', async () => {
    expect(await errorsOf(registerUserSchema, validRegister)).toEqual({});
  });

  it("uses 'ao menos' and 'E-mail' wording", async () => {
    expect(
      await errorsOf(registerUserSchema, {
        name: 'A',
        username: 'ab',
        email: 'x',
        password: '1',
        confirmPassword: '1',
        accessProfileId: '',
      }),
    ).toEqual({
      name: 'Nome deve ter ao menos 2 caracteres',
      username: 'Nome de usuário deve ter ao menos 3 caracteres',
      email: 'E-mail inválido',
      password: 'Senha deve ter ao menos 8 caracteres',
      confirmPassword: 'Confirme a senha',
      accessProfileId: 'Selecione um perfil de acesso',
    });
  });

  it.each(['', '1234567'])('asks to confirm the password when the confirmation is %j', async (confirmPassword) => {
    expect(await errorsOf(registerUserSchema, { ...validRegister, confirmPassword })).toEqual({ confirmPassword: 'Confirme a senha' });
  });

  it('refuses a confirmation different from the password', async () => {
    expect(await errorsOf(registerUserSchema, { ...validRegister, confirmPassword: 'segredo2' })).toEqual({
      confirmPassword: 'As senhas não coincidem',
    });
  });
});

const validEdit = { name: 'João Pereira', email: 'joao@agencia.com', username: 'joao', accessProfileId: '2' };

describe('editUserSchema (/users/{id}/edit)', () => {
  it('accepts valid values and coerces the profile to a number', async () => {
    expect(await errorsOf(editUserSchema, validEdit)).toEqual({});
    await expect(editUserSchema.validate(validEdit)).resolves.toMatchObject({ accessProfileId: 2 });
    expect(toUpdateUserPayload(validEdit)).toEqual({
      name: 'João Pereira',
      email: 'joao@agencia.com',
      username: 'joao',
      accessProfileId: 2,
    });
  });

  it('reports every broken rule', async () => {
    expect(await errorsOf(editUserSchema, { name: 'J', email: 'joao', username: 'jo', accessProfileId: '0' })).toEqual({
      name: 'Nome deve ter pelo menos 2 caracteres',
      email: 'Email inválido',
      username: 'Nome de usuário deve ter pelo menos 3 caracteres',
      accessProfileId: 'Selecione um perfil de acesso',
    });
  });

  it('starts from the user', () => {
    expect(
      editUserValues({
        id: 4,
        name: 'João',
        email: 'j@a.com',
        username: 'joao',
        accessProfileId: 3,
        role: 'collaborator',
        status: 'approved',
        isApproved: true,
        createdAt: '',
      }),
    ).toEqual({ name: 'João', email: 'j@a.com', username: 'joao', accessProfileId: 3 });
  });
});

describe('adminPasswordSchema (password change by an admin)', () => {
  it('accepts a matching pair', async () => {
    expect(await errorsOf(adminPasswordSchema, { newPassword: 'nova-senha-boa', confirmPassword: 'nova-senha-boa' })).toEqual({});
  });

  it('needs at least 8 characters, not spaces only, not a common password', async () => {
    expect(await errorsOf(adminPasswordSchema, { newPassword: '1234567', confirmPassword: '1234567' })).toEqual({
      newPassword: 'Senha deve ter pelo menos 8 caracteres',
    });
    expect(await errorsOf(adminPasswordSchema, { newPassword: ' '.repeat(10), confirmPassword: ' '.repeat(10) })).toEqual({
      newPassword: 'A senha não pode ter apenas espaços',
    });
    expect(await errorsOf(adminPasswordSchema, { newPassword: '12345678', confirmPassword: '12345678' })).toEqual({
      newPassword: 'Esta senha é muito comum e fácil de adivinhar: escolha outra',
    });
  });

  it("requires the confirmation: 'Confirmação de senha é obrigatória'", async () => {
    expect(await errorsOf(adminPasswordSchema, { newPassword: 'nova-senha-boa', confirmPassword: '' })).toEqual({
      confirmPassword: 'Confirmação de senha é obrigatória',
    });
  });

  it("refuses a different confirmation: 'Senhas não conferem'", async () => {
    expect(await errorsOf(adminPasswordSchema, { newPassword: 'nova-senha-boa', confirmPassword: 'outra-senha-boa' })).toEqual({
      confirmPassword: 'Senhas não conferem',
    });
  });
});

describe('profileInfoSchema (/profile)', () => {
  it('accepts a name and an email', async () => {
    expect(await errorsOf(profileInfoSchema, { name: 'Ana', email: 'ana@agencia.com' })).toEqual({});
  });

  it('rejects a short name and a bad email', async () => {
    expect(await errorsOf(profileInfoSchema, { name: 'A', email: 'ana@' })).toEqual({
      name: 'Nome deve ter pelo menos 2 caracteres',
      email: 'Email inválido',
    });
  });
});

describe('ownPasswordSchema (/profile)', () => {
  const valid = { currentPassword: 'antiga', newPassword: 'nova-senha-boa', confirmPassword: 'nova-senha-boa' };

  it('accepts valid values', async () => {
    expect(await errorsOf(ownPasswordSchema, valid)).toEqual({});
  });

  it("requires the current password: 'Senha atual é obrigatória'", async () => {
    expect(await errorsOf(ownPasswordSchema, { ...valid, currentPassword: '' })).toEqual({ currentPassword: 'Senha atual é obrigatória' });
  });

  it.each(['', '1234567'])("rejects the new password %j: 'Nova senha deve ter ao menos 8 caracteres'", async (newPassword) => {
    expect(await errorsOf(ownPasswordSchema, { ...valid, newPassword, confirmPassword: newPassword })).toMatchObject({
      newPassword: 'Nova senha deve ter ao menos 8 caracteres',
    });
  });

  it.each([
    ['        ', 'A senha não pode ter apenas espaços'],
    ['qwertyuiop', 'Esta senha é muito comum e fácil de adivinhar: escolha outra'],
  ])('rejects the new password %j', async (newPassword, message) => {
    expect(await errorsOf(ownPasswordSchema, { ...valid, newPassword, confirmPassword: newPassword })).toMatchObject({
      newPassword: message,
    });
  });

  it('requires a matching confirmation', async () => {
    expect(await errorsOf(ownPasswordSchema, { ...valid, confirmPassword: '' })).toEqual({ confirmPassword: 'Confirme a nova senha' });
    expect(await errorsOf(ownPasswordSchema, { ...valid, confirmPassword: 'nova-senha-boa2' })).toEqual({
      confirmPassword: 'As senhas não coincidem',
    });
  });
});

describe('accessProfileSchema', () => {
  it('accepts a name of 2 and a description of 5 characters', async () => {
    expect(await errorsOf(accessProfileSchema, { name: 'RH', description: 'Setor' })).toEqual({});
  });

  it('rejects short values with the spec messages', async () => {
    expect(await errorsOf(accessProfileSchema, { name: 'R', description: 'Curt' })).toEqual({
      name: 'Nome deve ter pelo menos 2 caracteres',
      description: 'Descrição deve ter ao menos 5 caracteres',
    });
    expect(await errorsOf(accessProfileSchema, { name: '', description: '     ' })).toEqual({
      name: 'Nome deve ter pelo menos 2 caracteres',
      description: 'Descrição deve ter ao menos 5 caracteres',
    });
  });
});
