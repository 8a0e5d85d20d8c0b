import { CallHandler, ExecutionContext, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { ApiException } from './api-error';

/** The one file of a multipart request, held in memory. */
export interface UploadedFileContent {
  /** The form field it came in. */
  fieldName: string;
  /** The client's name for it: kept for nothing but logs of a refusal, never a storage key. */
  originalName: string;
  content: Buffer;
}

export type RequestWithUpload = Request & { file?: { fieldname: string; originalname: string; buffer: Buffer } };

/**
 * Parses a `multipart/form-data` body holding at most one file, in `field`, of at most
 * `maxBytes`, and a few short text fields. A bigger file, or a second file, is 413
 * `PAYLOAD_TOO_LARGE`; a file in another field or a malformed body is 400
 * `VALIDATION_FAILED`. The text fields land in `request.body` for the validation pipe.
 */
export function SingleFileUpload(field: string, maxBytes: number): Type<NestInterceptor> {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
  }).single(field);

  @Injectable()
  class SingleFileUploadInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const request = http.getRequest<RequestWithUpload>();
      await new Promise<void>((resolve, reject) => {
        parse(request, http.getResponse<Response>(), (error: unknown) =>
          error ? reject(refusal(error, field, maxBytes)) : resolve(),
        );
      });
      return next.handle();
    }
  }
  return mixin(SingleFileUploadInterceptor);
}

function refusal(error: unknown, field: string, maxBytes: number): ApiException {
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new ApiException('PAYLOAD_TOO_LARGE', `The file exceeds ${maxBytes} bytes`, [
          { field, message: `at most ${maxBytes} bytes` },
        ]);
      case 'LIMIT_FILE_COUNT':
        return new ApiException('PAYLOAD_TOO_LARGE', 'Send one file only', [{ field, message: 'one file only' }]);
      case 'LIMIT_UNEXPECTED_FILE':
        return error.field === field
          ? new ApiException('PAYLOAD_TOO_LARGE', 'Send one file only', [{ field, message: 'one file only' }])
          : new ApiException('VALIDATION_FAILED', `Files go in the ${field} field`, [
              { field: error.field ?? field, message: `unexpected file; send it as ${field}` },
            ]);
      // The other limits; a code a later multer adds, beyond the ones its types name, is refused
      // the same way.
      case 'LIMIT_PART_COUNT':
      case 'LIMIT_FIELD_KEY':
      case 'LIMIT_FIELD_VALUE':
      case 'LIMIT_FIELD_COUNT':
      case 'MISSING_FIELD_NAME':
      default:
        return new ApiException('VALIDATION_FAILED', 'The multipart body breaks a limit', [
          { field: error.field ?? 'body', message: error.message },
        ]);
    }
  }
  return new ApiException('VALIDATION_FAILED', 'The multipart body is malformed', [
    { field: 'body', message: 'malformed' },
  ]);
}

/** The request's file, if the interceptor found one. */
export function uploadedFile(request: RequestWithUpload): UploadedFileContent | null {
  const file = request.file;
  return file ? { fieldName: file.fieldname, originalName: file.originalname, content: file.buffer } : null;
}
