/** Clients, their social links and stored tool credentials (extended.md §2.3, §3, §5). Pure data and rules. */

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'linkedin', 'youtube', 'twitter', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialMedia = Partial<Record<SocialNetwork, string>>;

export const DEFAULT_CLIENT_COLOR = '#6b7280';
/** Only #rgb and #rrggbb: the card picks black or white text from the colour's brightness. */
export const CLIENT_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** What the list shows instead of a stored password. */
export const MASKED_PASSWORD = '••••••••';
/** 'PNG, JPG até 5MB' */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** Upper bounds the spec leaves open. */
export const CLIENT_LIMITS = {
  nameMin: 2,
  name: 120,
  email: 254,
  phone: 40,
  cnpj: 30,
  address: 300,
  url: 300,
  description: 5000,
  toolName: 120,
  credentialUrl: 500,
  credentialUsername: 200,
  credentialPassword: 500,
  observations: 2000,
} as const;

/** The spec's messages, verbatim (§5), for the API's validation and the web's forms. */
export const CLIENT_MESSAGES = {
  nameMin: 'Nome deve ter pelo menos 2 caracteres',
  email: 'Email inválido',
  color: 'Cor deve ser um código hexadecimal válido',
  toolName: 'Nome da ferramenta é obrigatório',
  url: 'URL inválida',
  username: 'Nome de usuário é obrigatório',
  password: 'Senha é obrigatória',
  notFound: 'Cliente não encontrado',
  hasTasks: 'Cliente possui tarefas vinculadas e não pode ser excluído',
} as const;

/** GET /api/clients, GET /api/clients/{id} */
export interface Client {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  cnpj: string | null;
  address: string | null;
  website: string | null;
  description: string | null;
  color: string;
  social_media: SocialMedia;
  /** Where GET serves the logo (with a version query so a replaced logo is refetched), or null. */
  logoUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** R$ per hour (issue 20): sent only to users with clients write; null when not set. */
  hourlyRate?: number | null;
}

export interface CreateClientRequest {
  name: string;
  email?: string | null;
  phone?: string | null;
  cnpj?: string | null;
  address?: string | null;
  website?: string | null;
  description?: string | null;
  color?: string;
  social_media?: Record<string, string | null>;
  /** R$ per hour, ≥ 0 with at most two decimals; null clears it. */
  hourlyRate?: number | null;
}

export type UpdateClientRequest = Partial<CreateClientRequest>;

/** GET /api/clients/{id}/access: the password is always MASKED_PASSWORD here. */
export interface ClientCredential {
  id: number;
  clientId: number;
  toolName: string;
  url: string;
  username: string;
  password: string;
  observations: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreateCredentialRequest {
  toolName: string;
  url: string;
  username: string;
  password: string;
  observations?: string | null;
}

/** PATCH: omitted fields (and a password equal to MASKED_PASSWORD) are kept. */
export type UpdateCredentialRequest = Partial<CreateCredentialRequest>;

/** POST /api/clients/{id}/access/{credentialId}/reveal */
export interface RevealCredentialResponse {
  password: string;
}

/**
 * A web address as typed by a person: trimmed, https:// added when no scheme is given, and only
 * http(s) with a dotted host (or localhost) accepted. Null when it is not such an address.
 */
export function normalizeHttpUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!/^\/\//.test(withScheme.slice(parsed.protocol.length))) return null;
  const host = parsed.hostname;
  if (host !== 'localhost' && !/^[^.]+(\.[^.]+)+$/.test(host)) return null;
  return withScheme;
}

/** Where a network's profile lives: the handle is appended (issue 22 §17). */
export const SOCIAL_PROFILE_BASE: Record<SocialNetwork, string> = {
  instagram: 'https://instagram.com/',
  facebook: 'https://facebook.com/',
  linkedin: 'https://linkedin.com/company/',
  youtube: 'https://youtube.com/@',
  twitter: 'https://x.com/',
  tiktok: 'https://tiktok.com/@',
};

const HANDLE = /^@?([A-Za-z0-9_](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9_])?)$/;

/**
 * A social link as typed: an '@handle' (or a bare handle without a dot) becomes the network's
 * profile URL ('@paodourado' → https://instagram.com/paodourado), anything else is read as a web
 * address (normalizeHttpUrl). Null when it is neither.
 */
export function socialProfileUrl(network: SocialNetwork, value: string): string | null {
  const trimmed = value.trim();
  const handle = HANDLE.exec(trimmed);
  if (handle && (trimmed.startsWith('@') || !trimmed.includes('.'))) return `${SOCIAL_PROFILE_BASE[network]}${handle[1]}`;
  if (trimmed.startsWith('@')) return null;
  return normalizeHttpUrl(trimmed);
}

/** Only the digits of a text. */
function digits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A Brazilian phone as the form's placeholder shows it: '(11) 99999-9999' (mobile) or
 * '(11) 3333-4444' (landline), a leading +55 dropped. Anything else is returned trimmed, as typed.
 */
export function formatPhoneBR(value: string): string {
  let d = digits(value);
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return value.trim();
}

/** A CNPJ as '00.000.000/0000-00' when it has 14 digits; anything else trimmed, as typed. */
export function formatCnpj(value: string): string {
  const d = digits(value);
  if (d.length !== 14) return value.trim();
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

export type SocialMediaResult = { ok: true; socialMedia: SocialMedia } | { ok: false; message: string };

/**
 * Applies a social links update to the current map (§2.3): a blank (or null) value removes that
 * network, a URL or an '@handle' (socialProfileUrl) sets it, networks not named keep their link. Only the six networks are accepted.
 */
export function applySocialMedia(current: SocialMedia, update: Record<string, unknown>): SocialMediaResult {
  const next: SocialMedia = { ...current };
  for (const [key, raw] of Object.entries(update)) {
    if (!(SOCIAL_NETWORKS as readonly string[]).includes(key)) {
      return { ok: false, message: `Rede social não suportada: ${key} (use ${SOCIAL_NETWORKS.join(', ')})` };
    }
    const network = key as SocialNetwork;
    if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
      delete next[network];
      continue;
    }
    const url = typeof raw === 'string' && raw.length <= CLIENT_LIMITS.url ? socialProfileUrl(network, raw) : null;
    if (!url) return { ok: false, message: `URL inválida para ${network}` };
    next[network] = url;
  }
  return { ok: true, socialMedia: next };
}
