import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { forgotPasswordSchema, loginSchema, registerInitialValues, registerSchema, resetPasswordSchema } from './auth.schemas';

/** Field → message for every failing rule (how Formik sees a yup schema). */
async function errorsOf(
  schema: { validate(values: object, options: object): Promise<unknown> },
  values: object,
): Promise<Record<string, string>> {
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

const validLogin = { email: 'ana@agencia.com', password: 'segredo' };
const validRegister = { name: 'Ana Souza', username: 'ana', email: 'ana@agencia.com', password: 'segredo-da-ana', role: 'collaborator' };

describe('loginSchema', () => {
  it('accepts a valid email and a 6-character password (set before the rule became 8)', async () => {
    expect(await errorsOf(loginSchema, validLogin)).toEqual({});
    expect(await errorsOf(loginSchema, { ...validLogin, password: '123456' })).toEqual({});
  });

  it.each(['', 'ana', 'ana@', 'ana@@agencia.com', 'ana agencia.com'])(
    'rejects the email %j with "Invalid email address"',
    async (email) => {
      expect(await errorsOf(loginSchema, { ...validLogin, email })).toEqual({ email: 'Invalid email address' });
    },
  );

  it.each(['', '1', '12345'])('rejects the password %j with "Password must be at least 6 characters"', async (password) => {
    expect(await errorsOf(loginSchema, { ...validLogin, password })).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });

  it('reports both fields at once', async () => {
    expect(await errorsOf(loginSchema, { email: 'x', password: 'y' })).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('registerSchema', () => {
  it('accepts valid values at the minimum lengths', async () => {
    expect(await errorsOf(registerSchema, validRegister)).toEqual({});
    expect(await errorsOf(registerSchema, { ...validRegister, name: 'Al', username: 'abc', password: 'hgfedcba' })).toEqual({});
  });

  it.each(['', 'A'])('rejects the name %j with "Name must be at least 2 characters"', async (name) => {
    expect(await errorsOf(registerSchema, { ...validRegister, name })).toEqual({ name: 'Name must be at least 2 characters' });
  });

  it.each(['', 'ab'])('rejects the username %j with "Username must be at least 3 characters"', async (username) => {
    expect(await errorsOf(registerSchema, { ...validRegister, username })).toEqual({
      username: 'Username must be at least 3 characters',
    });
  });

  it('requires a valid email', async () => {
    expect(await errorsOf(registerSchema, { ...validRegister, email: 'not-an-email' })).toEqual({ email: 'Invalid email address' });
    expect(await errorsOf(registerSchema, { ...validRegister, email: '' })).toEqual({ email: 'Invalid email address' });
  });

  it('requires a password of at least 8 characters, not spaces only, not a common one', async () => {
    for (const password of ['12345', 'abcdefg']) {
      expect(await errorsOf(registerSchema, { ...validRegister, password })).toEqual({
        password: 'Password must be at least 8 characters',
      });
    }
    expect(await errorsOf(registerSchema, { ...validRegister, password: '        ' })).toEqual({
      password: 'A senha não pode ter apenas espaços',
    });
    expect(await errorsOf(registerSchema, { ...validRegister, password: 'Senha123' })).toEqual({
      password: 'Esta senha é muito comum e fácil de adivinhar: escolha outra',
    });
  });

  it('defaults the role to collaborator and accepts admin, manager and collaborator only', async () => {
    expect(registerInitialValues.role).toBe('collaborator');
    const { role: _omitted, ...withoutRole } = validRegister;
    await expect(registerSchema.validate(withoutRole)).resolves.toMatchObject({ role: 'collaborator' });
    for (const role of ['admin', 'manager', 'collaborator']) {
      expect(await errorsOf(registerSchema, { ...validRegister, role })).toEqual({});
    }
    expect(Object.keys(await errorsOf(registerSchema, { ...validRegister, role: 'owner' }))).toEqual(['role']);
  });

  it('reports every broken rule at once', async () => {
    expect(await errorsOf(registerSchema, { name: 'A', username: 'ab', email: 'x', password: '1', role: 'collaborator' })).toEqual({
      name: 'Name must be at least 2 characters',
      username: 'Username must be at least 3 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('password reset schemas', () => {
  it('asks for a valid e-mail', async () => {
    expect(await errorsOf(forgotPasswordSchema, { email: 'x' })).toEqual({ email: 'E-mail inválido' });
    expect(await errorsOf(forgotPasswordSchema, { email: ' maria@wkflow.local ' })).toEqual({});
  });

  it('applies the password rules of everywhere else and wants the confirmation to match', async () => {
    expect(await errorsOf(resetPasswordSchema, { newPassword: 'segredo12', confirmPassword: 'segredo12' })).toEqual({});
    expect(await errorsOf(resetPasswordSchema, { newPassword: 'secret1', confirmPassword: 'secret1' })).toEqual({
      newPassword: 'Nova senha deve ter ao menos 8 caracteres',
    });
    expect(await errorsOf(resetPasswordSchema, { newPassword: ' '.repeat(9), confirmPassword: ' '.repeat(9) })).toEqual({
      newPassword: 'A senha não pode ter apenas espaços',
    });
    expect(await errorsOf(resetPasswordSchema, { newPassword: 'password1', confirmPassword: 'password1' })).toEqual({
      newPassword: 'Esta senha é muito comum e fácil de adivinhar: escolha outra',
    });
    expect(await errorsOf(resetPasswordSchema, { newPassword: 'x'.repeat(201), confirmPassword: 'x'.repeat(201) })).toEqual({
      newPassword: 'Nova senha deve ter no máximo 200 caracteres',
    });
    expect(await errorsOf(resetPasswordSchema, { newPassword: 'segredo12', confirmPassword: 'segredo13' })).toEqual({
      confirmPassword: 'As senhas não coincidem',
    });
    expect(await errorsOf(resetPasswordSchema, { newPassword: 'segredo12', confirmPassword: '' })).toEqual({
      confirmPassword: 'Confirme a nova senha',
    });
  });
});
