import {
  DEFAULT_CLIENT_COLOR,
  LOGO_MAX_BYTES,
  MASKED_PASSWORD,
  SOCIAL_NETWORKS,
  type Client,
  type SocialMedia,
  type SocialNetwork,
} from '@wkflow/contracts';

/** Default client colour (extended.md §9). */
export { DEFAULT_CLIENT_COLOR, LOGO_MAX_BYTES };

/** What the list shows instead of a stored password. */
export const PASSWORD_MASK = MASKED_PASSWORD;

/** Logo limits: PNG or JPG up to 5 MB ('PNG, JPG até 5MB'). */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export const LOGO_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const LOGO_TYPE_MESSAGE = 'Formato inválido: envie uma imagem PNG ou JPG.';
export const LOGO_SIZE_MESSAGE = 'Arquivo muito grande: o limite é 5MB.';

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  twitter: 'Twitter / X',
  tiktok: 'TikTok',
};

export const SOCIAL_PLACEHOLDERS: Record<SocialNetwork, string> = {
  instagram: 'https://instagram.com/cliente',
  facebook: 'https://facebook.com/cliente',
  linkedin: 'https://linkedin.com/company/cliente',
  youtube: 'https://youtube.com/@cliente',
  twitter: 'https://x.com/cliente',
  tiktok: 'https://tiktok.com/@cliente',
};

export type SocialFormValues = Record<SocialNetwork, string>;

/** The social tab's form: one string per network ('' where the client has none). */
export function socialFormValues(socialMedia: SocialMedia | null | undefined): SocialFormValues {
  const values = {} as SocialFormValues;
  for (const network of SOCIAL_NETWORKS) values[network] = socialMedia?.[network] ?? '';
  return values;
}

/** The map the client ends up with: trimmed URLs, a blank value removes that network. */
export function normalizeSocialMedia(values: Partial<Record<SocialNetwork, string | null | undefined>>): SocialMedia {
  const out: SocialMedia = {};
  for (const network of SOCIAL_NETWORKS) {
    const url = values[network]?.trim();
    if (url) out[network] = url;
  }
  return out;
}

/**
 * The PATCH body of the social tab: every network, trimmed, blank as '' so the server removes
 * it whether it merges or replaces the map.
 */
export function socialMediaPatch(values: SocialFormValues): { social_media: Record<SocialNetwork, string> } {
  const social_media = {} as Record<SocialNetwork, string>;
  for (const network of SOCIAL_NETWORKS) social_media[network] = values[network]?.trim() ?? '';
  return { social_media };
}

/** The networks whose link would change (added, edited or removed) if the form were saved. */
export function changedNetworks(current: SocialMedia | null | undefined, values: SocialFormValues): SocialNetwork[] {
  const before = normalizeSocialMedia(current ?? {});
  const after = normalizeSocialMedia(values);
  return SOCIAL_NETWORKS.filter((network) => (before[network] ?? '') !== (after[network] ?? ''));
}

/** A stored password as the list shows it: the revealed text, or the mask. */
export function displayedPassword(revealed: string | null | undefined): string {
  return revealed ?? PASSWORD_MASK;
}

/** Lower case without accents, for searching. */
function fold(text: string | null | undefined): string {
  return (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');
}

/** The clients matching a search on name, e-mail, phone or CNPJ (case and accents ignored), sorted by name. */
export function filterClients(clients: readonly Client[], query: string): Client[] {
  const terms = fold(query).split(/\s+/).filter(Boolean);
  const digits = query.replace(/\D/g, '');
  const matches = clients.filter((client) => {
    if (terms.length === 0) return true;
    const haystack = fold([client.name, client.email, client.phone, client.cnpj].filter(Boolean).join(' '));
    if (terms.every((term) => haystack.includes(term))) return true;
    // '12.345' finds a CNPJ or phone typed with other punctuation
    if (digits.length >= 3) {
      return [client.phone, client.cnpj].some((value) => (value ?? '').replace(/\D/g, '').includes(digits));
    }
    return false;
  });
  return matches.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }));
}

/** Why a chosen logo file cannot be uploaded, or null when it can. */
export function logoFileError(file: { type: string; size: number; name?: string }): string | null {
  const type = file.type || guessImageType(file.name);
  if (!(LOGO_TYPES as readonly string[]).includes(type)) return LOGO_TYPE_MESSAGE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_MESSAGE;
  return null;
}

function guessImageType(name: string | undefined): string {
  const extension = name?.toLowerCase().split('.').pop();
  if (extension === 'png') return 'image/png';
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  return '';
}

/** A website typed without a scheme still opens as a link. */
export function externalHref(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`;
}
