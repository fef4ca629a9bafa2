import { clientSource } from './client-source';

describe('clientSource', () => {
  it('counts an IPv4 address as its /24', () => {
    expect(clientSource('203.0.113.7')).toBe('203.0.113.0/24');
    expect(clientSource('203.0.113.254')).toBe('203.0.113.0/24');
    expect(clientSource('203.0.114.7')).toBe('203.0.114.0/24');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 /24', () => {
    expect(clientSource('::ffff:198.51.100.23')).toBe('198.51.100.0/24');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    expect(clientSource('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientSource('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientSource('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientSource('::1')).toBe('::/64');
  });

  it('counts whatever is not an address as one source', () => {
    expect(clientSource(undefined)).toBe('unknown');
    expect(clientSource('not-an-ip')).toBe('unknown');
    expect(clientSource('another-forged-value')).toBe('unknown');
  });
});
