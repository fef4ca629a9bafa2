import { randomBytes } from 'node:crypto';
import { CredentialsCipherError, decrypt, encrypt } from '../platform/crypto/credentials-cipher';

describe('credentials cipher', () => {
  const key = randomBytes(32);

  it('round-trips text, with a fresh IV each time', () => {
    const secret = 'S3nh@ com acentuação e emoji 🔐';
    const first = encrypt(key, secret);
    const second = encrypt(key, secret);
    expect(first).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(first).not.toEqual(second);
    expect(first).not.toContain(secret);
    expect(decrypt(key, first)).toBe(secret);
    expect(decrypt(key, second)).toBe(secret);
    expect(decrypt(key, encrypt(key, ''))).toBe('');
  });

  it('refuses a wrong key', () => {
    const payload = encrypt(key, 'segredo');
    expect(() => decrypt(randomBytes(32), payload)).toThrow(CredentialsCipherError);
  });

  it('refuses a tampered payload', () => {
    const payload = encrypt(key, 'segredo');
    const [version, iv, tag, ciphertext] = payload.split(':');
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] ^= 1;
      return bytes.toString('base64');
    };
    expect(() => decrypt(key, [version, iv, tag, flip(ciphertext)].join(':'))).toThrow(CredentialsCipherError);
    expect(() => decrypt(key, [version, iv, flip(tag), ciphertext].join(':'))).toThrow(CredentialsCipherError);
    expect(() => decrypt(key, [version, flip(iv), tag, ciphertext].join(':'))).toThrow(CredentialsCipherError);
    expect(() => decrypt(key, ['v2', iv, tag, ciphertext].join(':'))).toThrow(CredentialsCipherError);
    expect(() => decrypt(key, 'not a payload')).toThrow(CredentialsCipherError);
  });

  it('needs a 32-byte key', () => {
    expect(() => encrypt(randomBytes(16), 'x')).toThrow(CredentialsCipherError);
    expect(() => decrypt(randomBytes(16), encrypt(key, 'x'))).toThrow(CredentialsCipherError);
  });
});
