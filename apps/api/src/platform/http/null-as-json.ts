import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';

/**
 * A handler's null result is sent as the JSON `null` with a JSON content type (Nest would send an
 * empty body with none): GET /api/time-entries/active with no timer running, as the document says.
 */
@Injectable()
export class NullAsJsonInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (result !== null || context.getType() !== 'http') return result;
        const response = context.switchToHttp().getResponse<Response>();
        if (response.headersSent) return result;
        response.type('application/json');
        return 'null';
      }),
    );
  }
}
