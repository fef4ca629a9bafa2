let sequence = 0;

/** A unique suffix for names and e-mails (a counter, the clock and a little chance), so suites never collide. */
export function unique(prefix = 'u'): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}${Math.floor(Math.random() * 1000)}`;
}
