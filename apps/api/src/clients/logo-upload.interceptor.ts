import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  HttpException,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { LOGO_MAX_BYTES } from '@wkflow/contracts';
import { MULTIPART_UTF8 } from '../common/multipart';

export const LOGO_FIELD = 'file';
export const LOGO_TOO_LARGE = 'O logo deve ter no máximo 5MB';

/** What multer leaves on the request for the one file (memory storage). */
export interface UploadedLogo {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

// Memory storage: the file is checked (type by its bytes) before anything is written to disk.
const MulterLogo = FileInterceptor(LOGO_FIELD, { ...MULTIPART_UTF8, limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

/**
 * Parses the multipart body of a logo upload (guards have already run) and turns multer's English
 * errors into the API's messages.
 */
@Injectable()
export class LogoUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor = new MulterLogo();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new PayloadTooLargeException(LOGO_TOO_LARGE);
      if (error instanceof HttpException)
        throw new BadRequestException(`Envie uma única imagem no campo "${LOGO_FIELD}" (multipart/form-data)`);
      throw error;
    }
  }
}
