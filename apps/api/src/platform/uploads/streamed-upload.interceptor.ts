import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  mixin,
  NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { catchError, finalize, from, mergeMap, type Observable, throwError } from 'rxjs';
import type { AuthenticatedUser } from '../access/authenticated-user';
import { MULTIPART_UTF8 } from '../http/multipart';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { discardUpload, type TempUpload, uploadTempDir } from './upload-files';
import { UploadSlots } from './upload-slots';

export const UPLOAD_INTERRUPTED = 'O envio do arquivo foi interrompido';

export interface StreamedUploadOptions {
  /** multer's limits (fileSize, files, fields, parts). */
  limits: Record<string, number>;
  /** The API's error for one multer raised while parsing (its messages are English). */
  translateError?: (error: HttpException) => HttpException;
}

/**
 * The interceptor of an upload route (guards have run, so the user is known): takes one of the
 * user's upload slots (429 past UPLOAD_CONCURRENCY_PER_USER; given back when the response closes,
 * finished or aborted), then lets multer stream the single file in `field` to UPLOAD_DIR/tmp,
 * never to memory. The handler renames the temp file into place after its row commits; whatever
 * else happens (an error, a refusal, a client gone) the temp file is removed.
 */
export function StreamedUpload(field: string, options: StreamedUploadOptions): Type<NestInterceptor> {
  @Injectable()
  class StreamedUploadInterceptor implements NestInterceptor {
    private readonly multer: NestInterceptor;

    constructor(
      @Inject(APP_CONFIG) config: AppConfig,
      private readonly slots: UploadSlots,
    ) {
      const Multer = FileInterceptor(field, { ...MULTIPART_UTF8, limits: options.limits });
      this.multer = new Multer({ dest: uploadTempDir(config.uploadDir) });
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const request = http.getRequest<Request & { user: AuthenticatedUser; file?: TempUpload }>();
      const response = http.getResponse<Response>();
      const release = this.slots.take(request.user.id);
      response.once('close', release);
      let handled: Observable<unknown>;
      try {
        handled = await this.multer.intercept(context, next);
      } catch (error) {
        // multer has removed what it stored for this request.
        if (error instanceof HttpException) throw options.translateError ? options.translateError(error) : error;
        if (request.destroyed || request.readableAborted) throw new BadRequestException(UPLOAD_INTERRUPTED);
        throw error;
      }
      const discard = () => discardUpload(request.file);
      return handled.pipe(
        // Gone before the error is answered; after a success the handler has moved it (finalize covers the rest).
        catchError((error: unknown) => from(discard()).pipe(mergeMap(() => throwError(() => error)))),
        finalize(() => void discard()),
      );
    }
  }
  return mixin(StreamedUploadInterceptor);
}
