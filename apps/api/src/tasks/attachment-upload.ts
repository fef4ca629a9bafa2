import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { ATTACHMENT_MAX_BYTES } from '@wkflow/contracts';
import { StreamedUpload } from '../platform/uploads/streamed-upload.interceptor';

export const ATTACHMENT_FIELD_MISSING = 'Envie o arquivo no campo "file"';
export const ATTACHMENT_TOO_LARGE = 'O anexo deve ter no máximo 10MB';

/** One file in the field `file`, streamed to a temp file; multer's English errors become the API's. */
export const AttachmentUpload = StreamedUpload('file', {
  limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1 },
  translateError: (error) =>
    error instanceof PayloadTooLargeException
      ? new PayloadTooLargeException(ATTACHMENT_TOO_LARGE)
      : new BadRequestException(`${ATTACHMENT_FIELD_MISSING} (multipart/form-data, um único arquivo)`),
});
