import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import type { ApiError } from '@wkflow/contracts';
import { INVALID_TEXT } from './safe-input';
import { allowedMethods } from './method-not-allowed';

export const ROUTE_NOT_FOUND = 'Rota não encontrada';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** PostgreSQL error codes that mean the input, not the server, was wrong. */
function fromDatabaseError(error: QueryFailedError): { status: number; message: string } | null {
  const code = (error.driverError as { code?: string } | undefined)?.code;
  switch (code) {
    case '23505':
      return { status: HttpStatus.CONFLICT, message: 'Registro duplicado' };
    case '23503':
      return { status: HttpStatus.BAD_REQUEST, message: 'Referência inválida: o registro relacionado não existe' };
    case '23001': // restrict_violation (PostgreSQL 18 for ON DELETE RESTRICT keys)
      return { status: HttpStatus.CONFLICT, message: 'O registro está em uso e não pode ser removido' };
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return { status: HttpStatus.BAD_REQUEST, message: 'Valor inválido' };
    case '23502':
      return { status: HttpStatus.BAD_REQUEST, message: 'Campo obrigatório ausente' };
    case '22001':
      return { status: HttpStatus.BAD_REQUEST, message: 'Texto longo demais' };
    case '22021': // character_not_in_repertoire: a NUL, or bytes that are not UTF-8
    case '22P05': // untranslatable_character
      return { status: HttpStatus.BAD_REQUEST, message: INVALID_TEXT };
    default:
      // Class 22 is "data exception": the value sent, not the server, is wrong.
      return code?.startsWith('22') ? { status: HttpStatus.BAD_REQUEST, message: 'Valor inválido' } : null;
  }
}

/** Connection-level failures of PostgreSQL (server down, restarting, connection dropped): retryable. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

export const SERVICE_UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';

function isUnavailable(exception: unknown): boolean {
  if (!exception || typeof exception !== 'object') return false;
  const error = exception as { code?: string; message?: string; driverError?: { code?: string; message?: string } };
  const code = error.driverError?.code ?? error.code;
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  const message = error.driverError?.message ?? error.message ?? '';
  return /Connection terminated|terminating connection|the database system is (starting up|shutting down)/.test(message);
}

/** Errors that body-parser and multer raise before a handler runs. */
function fromExpressError(error: {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
}): { status: number; message: string } | null {
  const status = error.status ?? error.statusCode;
  if (error.type === 'entity.parse.failed') return { status: 400, message: 'JSON inválido no corpo da requisição' };
  if (error.type === 'entity.too.large') return { status: 413, message: 'Corpo da requisição grande demais' };
  if (error.code === 'LIMIT_FILE_SIZE') return { status: 413, message: 'Arquivo grande demais' };
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, message: (error as Error).message };
  return null;
}

/** Every error leaves the API as { statusCode, message, error }. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    let status: number = HttpStatus.INTERNAL_SERVER_ERROR;
    let message = 'Erro interno do servidor';

    if (exception instanceof HttpException) {
      status = exception.getStatus();
      const body = exception.getResponse();
      if (typeof body === 'string') message = body;
      else {
        const raw = (body as { message?: unknown }).message;
        message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : exception.message;
      }
    } else if (isUnavailable(exception)) {
      status = HttpStatus.SERVICE_UNAVAILABLE;
      message = SERVICE_UNAVAILABLE;
    } else if (exception instanceof QueryFailedError && fromDatabaseError(exception)) {
      ({ status, message } = fromDatabaseError(exception)!);
    } else if (exception && typeof exception === 'object' && fromExpressError(exception as never)) {
      ({ status, message } = fromExpressError(exception as never)!);
    }

    // Nest's handler for a request no route took (req.route unset) throws a 404: 405 when the path has other methods.
    const request = host.switchToHttp().getRequest<Request>();
    if (exception instanceof NotFoundException && !request.route) {
      const allowed = allowedMethods(request);
      if (allowed.length) {
        status = HttpStatus.METHOD_NOT_ALLOWED;
        message = `Método ${request.method} não permitido nesta rota (use ${allowed.join(', ')})`;
        response.setHeader('Allow', allowed.join(', '));
      } else message = ROUTE_NOT_FOUND;
    }

    if (status >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.headersSent) return;
    const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') response.setHeader('Retry-After', String(Math.max(1, retryAfter)));
    const body: ApiError = { statusCode: status, message, error: STATUS_NAMES[status] ?? 'Error' };
    response.status(status).json(body);
  }
}
