/**
 * Multer options of every upload: part header parameters without an explicit charset (the file
 * name browsers send as raw UTF-8 bytes) are read as UTF-8, not multer's default Latin-1, so
 * 'relatório ação.txt' is stored as typed.
 */
export const MULTIPART_UTF8 = { defParamCharset: 'utf8' } as const;
