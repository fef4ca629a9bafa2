import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Deepest JSON a request may carry (every DTO of the API is a few levels deep). */
export const MAX_INPUT_DEPTH = 64;
export const INVALID_TEXT = 'Texto com caractere inválido (NUL ou UTF-16 malformado)';
export const TOO_DEEP = `Dados aninhados demais (máximo de ${MAX_INPUT_DEPTH} níveis)`;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text holds a NUL (PostgreSQL stores none) or a lone surrogate (no UTF-8 for it). */
function badText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Refuses, with a 400, input that would otherwise reach the validators or the database and fail
 * there: nesting deeper than MAX_INPUT_DEPTH (class-transformer and class-validator recurse),
 * NUL characters and lone surrogates in any string or key. Iterative, so a hostile depth costs
 * nothing beyond the walk up to the bound.
 */
export function assertSafeInput(value: unknown): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (badText(current)) throw new BadRequestException(INVALID_TEXT);
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) throw new BadRequestException(TOO_DEEP);
    if (Array.isArray(current)) {
      for (const item of current) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (badText(key)) throw new BadRequestException(INVALID_TEXT);
      stack.push([item, depth + 1]);
    }
  }
}

/** Parsed bodies the middleware has checked: the global pipe does not walk them a second time. */
const checkedBodies = new WeakSet<object>();

/** assertSafeInput, skipped for a body rejectUnsafeInput already checked (a multipart body is parsed later, so it is walked). */
export function assertSafeInputOnce(value: unknown): void {
  if (typeof value === 'object' && value !== null && checkedBodies.has(value)) return;
  assertSafeInput(value);
}

/**
 * The same check on the parsed JSON body and the query string, before guards, interceptors and
 * pipes (anything that reads the body early sees only safe input). Route parameters and multipart
 * fields are checked by the global pipe (platform/http/validation.ts).
 */
export function rejectUnsafeInput(req: Request, res: Response, next: NextFunction): void {
  try {
    assertSafeInput(req.body);
    if (typeof req.body === 'object' && req.body !== null) checkedBodies.add(req.body);
    assertSafeInput(req.query);
  } catch (error) {
    const message = (error as Error).message;
    res.status(400).json({ statusCode: 400, message, error: 'Bad Request' });
    return;
  }
  next();
}
