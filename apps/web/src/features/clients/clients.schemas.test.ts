import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObjectSchema } from 'yup';
import {
  clientSchema,
  credentialFormValues,
  credentialSchema,
  emptyClientValues,
  emptyCredentialValues,
  socialSchema,
  toClientPayload,
  toCredentialPayload,
} from './clients.schemas';
import { socialFormValues } from './clients.logic';

/** Field → first message for every failing rule (how Formik sees a yup schema). */
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

const validClient = { ...emptyClientValues, name: 'Padaria Pão Quente' };

describe('clientSchema', () => {
  it('accepts a name and the default colour; every other field is optional', async () => {
    expect(emptyClientValues.color).toBe('#6b7280');
    expect(await errorsOf(clientSchema, validClient)).toEqual({});
    expect(await errorsOf(clientSchema, { name: 'Al', color: '#fff' })).toEqual({});
    expect(
      await errorsOf(clientSchema, {
        ...validClient,
        email: 'contato@padaria.com.br',
        phone: '(11) 99999-0000',
        cnpj: '12.345.678/0001-90',
        address: 'Rua A, 1',
        website: 'padaria.com.br',
        description: 'Cliente desde 2020',
      }),
    ).toEqual({});
  });

  it.each(['', 'A', '  A  ', undefined])('rejects the name %j with "Nome deve ter pelo menos 2 caracteres"', async (name) => {
    expect(await errorsOf(clientSchema, { ...validClient, name })).toEqual({ name: 'Nome deve ter pelo menos 2 caracteres' });
  });

  it('accepts an empty e-mail and rejects an invalid one with "Email inválido"', async () => {
    expect(await errorsOf(clientSchema, { ...validClient, email: '' })).toEqual({});
    expect(await errorsOf(clientSchema, { ...validClient, email: undefined })).toEqual({});
    for (const email of ['contato', 'contato@', 'a b@c.com']) {
      expect(await errorsOf(clientSchema, { ...validClient, email })).toEqual({ email: 'Email inválido' });
    }
  });

  it.each(['', '#ab', 'red', 'blue!', '#12345', '#6b7280cc'])(
    'rejects the colour %j with "Cor deve ser um código hexadecimal válido"',
    async (color) => {
      expect(await errorsOf(clientSchema, { ...validClient, color })).toEqual({ color: 'Cor deve ser um código hexadecimal válido' });
    },
  );

  it.each(['#fff', '#FFFFFF', '#6b7280', ' #3b82f6 '])('accepts the colour %j', async (color) => {
    expect(await errorsOf(clientSchema, { ...validClient, color })).toEqual({});
  });

  it('accepts a blank website or an http(s) address, and refuses others with the API\'s "Site inválido"', async () => {
    for (const website of ['', 'padaria.com.br', 'https://padaria.com.br/loja']) {
      expect(await errorsOf(clientSchema, { ...validClient, website })).toEqual({});
    }
    for (const website of ['padaria', 'ftp://padaria.com.br', 'padaria .com']) {
      expect(await errorsOf(clientSchema, { ...validClient, website })).toEqual({ website: 'Site inválido' });
    }
  });

  it('reports every broken rule at once', async () => {
    expect(await errorsOf(clientSchema, { name: 'x', email: 'x', color: 'x' })).toEqual({
      name: 'Nome deve ter pelo menos 2 caracteres',
      email: 'Email inválido',
      color: 'Cor deve ser um código hexadecimal válido',
    });
  });

  it('builds a trimmed payload with blank optional fields as null', () => {
    expect(toClientPayload({ ...validClient, name: '  Padaria  ', email: ' a@b.co ', phone: '   ', color: '' })).toEqual({
      name: 'Padaria',
      email: 'a@b.co',
      phone: null,
      cnpj: null,
      address: null,
      website: null,
      description: null,
      color: '#6b7280',
      hourlyRate: null,
    });
  });
  it('reads the hourly rate as typed in pt-BR and refuses what is not an amount ≥ 0', async () => {
    expect(toClientPayload({ ...validClient, hourlyRate: '1.234,50' }).hourlyRate).toBe(1234.5);
    expect(toClientPayload({ ...validClient, hourlyRate: '150' }, false)).not.toHaveProperty('hourlyRate');
    expect(await errorsOf(clientSchema, { ...validClient, hourlyRate: '150,5' })).toEqual({});
    for (const hourlyRate of ['-1', '1,234', 'abc'])
      expect(await errorsOf(clientSchema, { ...validClient, hourlyRate })).toEqual({
        hourlyRate: 'Valor por hora deve ser um número maior ou igual a 0 com até 2 casas decimais',
      });
  });
});

const validCredential = {
  toolName: 'Google Ads',
  url: 'https://ads.google.com',
  username: 'contato@padaria.com.br',
  password: 's3nh@',
  observations: '',
};

describe('credentialSchema', () => {
  it('accepts a complete credential; observations are optional', async () => {
    expect(await errorsOf(credentialSchema('create'), validCredential)).toEqual({});
    expect(await errorsOf(credentialSchema('create'), { ...validCredential, observations: 'Conta da agência' })).toEqual({});
  });

  it('shows every message of §5 on an empty form', async () => {
    expect(await errorsOf(credentialSchema('create'), emptyCredentialValues)).toEqual({
      toolName: 'Nome da ferramenta é obrigatório',
      url: 'URL inválida',
      username: 'Nome de usuário é obrigatório',
      password: 'Senha é obrigatória',
    });
  });

  it.each(['   ', ''])('rejects the tool name %j', async (toolName) => {
    expect(await errorsOf(credentialSchema('create'), { ...validCredential, toolName })).toEqual({
      toolName: 'Nome da ferramenta é obrigatório',
    });
  });

  it.each(['ads.google.com', 'https://ads.google.com/x?y=1', 'http://localhost:8080'])(
    'accepts the url %j (https:// is added when missing)',
    async (url) => {
      expect(await errorsOf(credentialSchema('create'), { ...validCredential, url })).toEqual({});
    },
  );

  it.each(['ads', 'not a url', 'http//x', 'ftp://ads.google.com', 'javascript:alert(1)'])(
    'rejects the url %j with "URL inválida"',
    async (url) => {
      expect(await errorsOf(credentialSchema('create'), { ...validCredential, url })).toEqual({ url: 'URL inválida' });
    },
  );

  it('rejects a blank username with "Nome de usuário é obrigatório"', async () => {
    expect(await errorsOf(credentialSchema('create'), { ...validCredential, username: ' ' })).toEqual({
      username: 'Nome de usuário é obrigatório',
    });
  });

  it('requires a password on create but not on edit (blank keeps the old one)', async () => {
    expect(await errorsOf(credentialSchema('create'), { ...validCredential, password: '' })).toEqual({ password: 'Senha é obrigatória' });
    expect(await errorsOf(credentialSchema('edit'), { ...validCredential, password: '' })).toEqual({});
  });

  it('refuses a password of spaces only, on create and on edit', async () => {
    expect(await errorsOf(credentialSchema('create'), { ...validCredential, password: '   ' })).toEqual({
      password: 'Senha é obrigatória',
    });
    expect(await errorsOf(credentialSchema('edit'), { ...validCredential, password: '   ' })).toEqual({ password: 'Senha é obrigatória' });
    expect(await errorsOf(credentialSchema('create'), { ...validCredential, password: ' a b ' })).toEqual({});
  });

  it('leaves the password out of an edit payload when blank, and never prefills it', () => {
    const form = credentialFormValues({
      id: 1,
      clientId: 1,
      createdAt: '',
      updatedAt: '',
      ...validCredential,
      password: '••••••••',
      observations: null,
    });
    expect(form.password).toBe('');
    expect(toCredentialPayload(form, 'edit')).toEqual({
      toolName: 'Google Ads',
      url: 'https://ads.google.com',
      username: 'contato@padaria.com.br',
      observations: null,
    });
    expect(toCredentialPayload({ ...form, password: 'nova' }, 'edit')).toMatchObject({ password: 'nova' });
    expect(toCredentialPayload({ ...validCredential, toolName: ' Meta ', observations: ' x ' }, 'create')).toEqual({
      ...validCredential,
      toolName: 'Meta',
      observations: 'x',
    });
  });
});

describe('socialSchema', () => {
  it('accepts blanks, URLs and @handles, rejects anything else with "URL inválida"', async () => {
    expect(await errorsOf(socialSchema, socialFormValues({}))).toEqual({});
    expect(await errorsOf(socialSchema, { ...socialFormValues({}), instagram: 'https://instagram.com/padaria' })).toEqual({});
    expect(await errorsOf(socialSchema, { ...socialFormValues({}), facebook: 'facebook.com/padaria' })).toEqual({});
    expect(await errorsOf(socialSchema, { ...socialFormValues({}), tiktok: '@padaria' })).toEqual({});
    expect(await errorsOf(socialSchema, { ...socialFormValues({}), tiktok: '@pa daria' })).toEqual({ tiktok: 'URL inválida' });
    expect(await errorsOf(socialSchema, { ...socialFormValues({}), tiktok: 'ftp://a.com' })).toEqual({ tiktok: 'URL inválida' });
  });
});
