import { describe, expect, it } from 'vitest';
import { reconnectDelay, socketUrl } from './connection';

describe('connection', () => {
  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
  it('uses wss on https, same host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'app.example.com' })).toBe('wss://app.example.com/ws');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws');
  });
});
