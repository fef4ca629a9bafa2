import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { LOGO_MAX_BYTES } from '@wkflow/contracts';
import { StreamedUpload } from '../platform/uploads/streamed-upload.interceptor';

export const LOGO_FIELD = 'file';
export const LOGO_TOO_LARGE = 'O logo deve ter no máximo 5MB';

/**
 * Parses the multipart body of a logo upload (guards have already run): the image streams to a temp
 * file (its type is then checked by its first bytes), and multer's English errors become the API's.
 */
export const LogoUploadInterceptor = StreamedUpload(LOGO_FIELD, {
  limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  translateError: (error) =>
    error instanceof PayloadTooLargeException
      ? new PayloadTooLargeException(LOGO_TOO_LARGE)
      : new BadRequestException(`Envie uma única imagem no campo "${LOGO_FIELD}" (multipart/form-data)`),
});
