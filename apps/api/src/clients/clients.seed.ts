import type { DataSource } from 'typeorm';
import { type ClientSeedRow, ClientsRepository } from './clients.repository';
import { encrypt } from '../platform/crypto/credentials-cipher';

/** Shown to whoever tries the demo; these are not real accounts. */
export const DEMO_CREDENTIAL_PASSWORD = 'demo-senha-123';

const DEMO_CLIENTS: (ClientSeedRow & {
  credential: { toolName: string; url: string; username: string; observations: string };
})[] = [
  {
    name: 'Padaria Pão Dourado',
    email: 'contato@paodourado.com.br',
    phone: '(11) 3456-7890',
    cnpj: '12.345.678/0001-90',
    website: 'https://paodourado.com.br',
    description: 'Rede de padarias artesanais em São Paulo.',
    color: '#f59e0b',
    socialMedia: { instagram: 'https://instagram.com/paodourado', facebook: 'https://facebook.com/paodourado' },
    credential: { toolName: 'Instagram', url: 'https://instagram.com', username: 'paodourado', observations: 'Conta principal da marca' },
  },
  {
    name: 'Clínica Sorriso Leve',
    email: 'marketing@sorrisoleve.com.br',
    phone: '(21) 2345-6789',
    cnpj: '23.456.789/0001-01',
    website: 'https://sorrisoleve.com.br',
    description: 'Clínica odontológica com três unidades no Rio de Janeiro.',
    color: '#0ea5e9',
    socialMedia: { instagram: 'https://instagram.com/sorrisoleve', youtube: 'https://youtube.com/@sorrisoleve' },
    credential: {
      toolName: 'Meta Business',
      url: 'https://business.facebook.com',
      username: 'marketing@sorrisoleve.com.br',
      observations: 'Gerenciador de anúncios',
    },
  },
  {
    name: 'TechNova Soluções',
    email: 'ola@technova.com.br',
    phone: '(31) 3333-4444',
    cnpj: '34.567.890/0001-12',
    website: 'https://technova.com.br',
    description: 'Software de gestão para pequenas empresas.',
    color: '#6366f1',
    socialMedia: { linkedin: 'https://linkedin.com/company/technova', twitter: 'https://twitter.com/technova' },
    credential: {
      toolName: 'LinkedIn',
      url: 'https://linkedin.com',
      username: 'social@technova.com.br',
      observations: 'Página da empresa',
    },
  },
  {
    name: 'Verde Vida Orgânicos',
    email: 'contato@verdevida.com.br',
    phone: '(41) 3210-9876',
    cnpj: '45.678.901/0001-23',
    website: 'https://verdevida.com.br',
    description: 'E-commerce de alimentos orgânicos.',
    color: '#22c55e',
    socialMedia: { instagram: 'https://instagram.com/verdevida', tiktok: 'https://tiktok.com/@verdevida' },
    credential: {
      toolName: 'Loja virtual (admin)',
      url: 'https://verdevida.com.br/admin',
      username: 'agencia',
      observations: 'Acesso de editor',
    },
  },
  {
    name: 'Academia Força Total',
    email: 'contato@forcatotal.com.br',
    phone: '(51) 3030-4040',
    cnpj: '56.789.012/0001-34',
    website: 'https://forcatotal.com.br',
    description: 'Rede de academias no Rio Grande do Sul.',
    color: '#ef4444',
    socialMedia: {
      instagram: 'https://instagram.com/forcatotal',
      facebook: 'https://facebook.com/forcatotal',
      youtube: 'https://youtube.com/@forcatotal',
    },
    credential: {
      toolName: 'Google Ads',
      url: 'https://ads.google.com',
      username: 'ads@forcatotal.com.br',
      observations: 'Campanhas de matrícula',
    },
  },
];

/**
 * Demo agency clients, each with one tool credential encrypted under `credentialsKey` (the
 * configured CREDENTIALS_KEY). Idempotent: a client (by name) or credential (by tool) already
 * there is left alone.
 */
export async function seedClientsDemo(dataSource: DataSource, credentialsKey: Buffer): Promise<void> {
  const clients = new ClientsRepository(dataSource);
  await clients.transaction(async (db) => {
    for (const { credential, ...client } of DEMO_CLIENTS) {
      const clientId = await clients.insertUnlessNamed(client, db);
      if (await clients.hasCredential(clientId, credential.toolName, db)) continue;
      const passwordEncrypted = encrypt(credentialsKey, DEMO_CREDENTIAL_PASSWORD);
      await clients.insertCredential({ clientId, ...credential, passwordEncrypted }, db);
    }
  });
}
