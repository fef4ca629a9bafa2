import type { NextFunction, Request, Response } from 'express';
import { carriesBearerToken } from '../access/bearer-access';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function refuse(response: Response, message: string, status = 403): void {
  response.status(status).json({ statusCode: status, message, error: status === 403 ? 'Forbidden' : 'Unsupported Media Type' });
}

/**
 * CSRF defence for cookie sessions: a state-changing request must come from an allowed origin
 * (when the browser says where it comes from) and carry JSON or multipart, which a foreign HTML
 * form cannot send without a CORS preflight.
 */
export function csrfProtection(allowedOrigins: string[]) {
  return (request: Request, response: Response, next: NextFunction): void => {
    // A bearer token is no ambient credential: a foreign page cannot make a browser send it.
    if (!UNSAFE.has(request.method) || carriesBearerToken(request)) return next();
    const origin = request.get('origin');
    if (origin) {
      const own = `${request.protocol}://${request.get('host')}`;
      if (origin !== own && !allowedOrigins.includes(origin)) return refuse(response, 'Origem da requisição não permitida');
    }
    const length = Number(request.get('content-length') ?? 0);
    const hasBody = length > 0 || request.get('transfer-encoding') !== undefined;
    if (hasBody && !request.is(['application/json', 'multipart/form-data'])) {
      return refuse(response, 'Envie o corpo como application/json', 415);
    }
    next();
  };
}
