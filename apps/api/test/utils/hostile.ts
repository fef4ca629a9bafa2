/** Strings that must be stored and shown literally: SQL injection, path traversal, markup, wildcards. */
export const HOSTILE = [
  "'; DROP TABLE users; --",
  "1' OR '1'='1",
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '%_\\ $1 ${x} {{x}}',
];
