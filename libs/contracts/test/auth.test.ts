import { describe, expect, it } from 'vitest';
import { sessionDeviceLabel } from '../src/auth';

describe('sessionDeviceLabel', () => {
  it('names a session by browser and system, by what is known, or says it is unknown', () => {
    expect(sessionDeviceLabel({ browser: 'Firefox 132', os: 'Windows 10' })).toBe('Firefox 132 em Windows 10');
    expect(sessionDeviceLabel({ browser: 'curl 8', os: null })).toBe('curl 8');
    expect(sessionDeviceLabel({ browser: null, os: 'Android 14' })).toBe('Android 14');
    expect(sessionDeviceLabel({ browser: null, os: null })).toBe('Navegador desconhecido');
  });
});
