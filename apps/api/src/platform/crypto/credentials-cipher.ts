import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for stored credential passwords. The payload is self-describing:
 * 'v1:<iv base64>:<auth tag base64>:<ciphertext base64>', so a later scheme can be told apart.
 * A wrong key or any change to the payload makes decrypt throw (GCM authenticates it).
 */
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class CredentialsCipherError extends Error {}

function checkKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== 32) throw new CredentialsCipherError('A chave de credenciais deve ter 32 bytes');
}

export function encrypt(key: Buffer, text: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(':');
}

export function decrypt(key: Buffer, payload: string): string {
  checkKey(key);
  const parts = payload.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new CredentialsCipherError('Formato de credencial criptografada desconhecido');
  const [, ivText, tagText, ciphertextText] = parts;
  const iv = Buffer.from(ivText, 'base64');
  const tag = Buffer.from(tagText, 'base64');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new CredentialsCipherError('Credencial criptografada corrompida');
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    // Never echo the payload or the key: just say it cannot be read with this key.
    throw new CredentialsCipherError('Não foi possível descriptografar a credencial com a chave configurada');
  }
}
