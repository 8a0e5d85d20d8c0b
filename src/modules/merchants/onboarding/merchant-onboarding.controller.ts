import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../platform/auth/auth.decorators';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { AcceptsContentTypes } from '../../../platform/http/content-type.guard';
import { RateLimit } from '../../../platform/http/rate-limit.decorator';
import {
  RequestWithUpload,
  SingleFileUpload,
  uploadedFile,
} from '../../../platform/http/single-file-upload.interceptor';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import {
  MerchantKybDocumentFieldsDto,
  MerchantKybDocumentResponseDto,
  toKybDocumentResponse,
} from './dto/merchant-kyb-document.dto';
import { MerchantRegisterRequestDto } from './dto/merchant-register-request.dto';
import { MerchantResponseDto } from './dto/merchant-response.dto';
import { OnboardingTokenQueryDto } from './dto/onboarding-token-query.dto';
import { KYB_DOCUMENT_TYPES } from './merchant.entity';
import { KYB_MAX_FILE_BYTES, MerchantKybDocumentsService } from './merchant-kyb-documents.service';
import { MerchantOnboardingService } from './merchant-onboarding.service';
import { OnboardingRequest, OnboardingTokenGuard } from './onboarding-token.guard';
import { MerchantRateLimits } from './merchants-rate-limits';

/** Applications. The token routes answer `no-store` and `no-referrer`: the token is in their URL. */
@ApiTags('Merchant onboarding')
@Controller('merchants')
export class MerchantOnboardingController {
  constructor(
    private readonly onboarding: MerchantOnboardingService,
    private readonly documents: MerchantKybDocumentsService,
  ) {}

  /**
   * Apply to take payments. KYB starts PENDING with all five documents due; the owner is
   * invited at `contactEmail`. The answer carries `onboardingToken` (`obt_...`, 30 days) once:
   * it is needed to upload documents and read the status, and is e-mailed too. 409
   * MERCHANT_ALREADY_REGISTERED when the registration number or e-mail has applied before.
   */
  @Post('register')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RateLimit(MerchantRateLimits.registerPerAddress)
  @ApiOkResponse({ type: MerchantResponseDto })
  @ApiErrors('MERCHANT_ALREADY_REGISTERED')
  register(
    @Body() body: MerchantRegisterRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantResponseDto> {
    return this.onboarding.register(body, client);
  }

  /**
   * Upload one piece of KYB evidence with the onboarding token: `multipart/form-data` with
   * `documentType`, `registrationNo` (the merchant's) and one `file` of at most 10 MB. The type
   * is decided by the file's bytes (PDF, JPEG or PNG, else 415); the client's file name is
   * ignored. A new upload of a type supersedes the previous one; the last document due moves
   * the application to UNDER_REVIEW. 401 for a bad or expired token, 404 for another merchant's,
   * 413 for a file too big or a second file, 422 REGISTRATION_NUMBER_MISMATCH, 409
   * APPLICATION_CLOSED once rejected.
   */
  @Post(':merchantId/kyb-documents')
  @Public()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @AcceptsContentTypes('multipart/form-data')
  @RateLimit(MerchantRateLimits.onboardingPerToken)
  @UseGuards(OnboardingTokenGuard)
  @UseInterceptors(SingleFileUpload('file', KYB_MAX_FILE_BYTES))
  @ApiConsumes('multipart/form-data')
  @ApiParam({ name: 'merchantId', required: true, schema: { type: 'string', format: 'uuid' } })
  @ApiQuery({ name: 'token', required: true, type: String, description: 'The onboarding token (`obt_...`).' })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['documentType', 'registrationNo', 'file'],
      properties: {
        documentType: { type: 'string', enum: [...KYB_DOCUMENT_TYPES], example: 'CERTIFICATE_OF_INCORPORATION' },
        registrationNo: { type: 'string', example: 'RC1234567' },
        file: { type: 'string', format: 'binary', description: 'PDF, JPEG or PNG, at most 10 MB.' },
      },
    },
  })
  @ApiCreatedResponse({ type: MerchantKybDocumentResponseDto })
  @ApiErrors(
    'ONBOARDING_TOKEN_INVALID',
    'NOT_FOUND',
    'PAYLOAD_TOO_LARGE',
    'UNSUPPORTED_MEDIA_TYPE',
    'UNSUPPORTED_FILE_TYPE',
    'REGISTRATION_NUMBER_MISMATCH',
    'APPLICATION_CLOSED',
  )
  async uploadDocument(
    @Req() request: OnboardingRequest & RequestWithUpload,
    @Body() fields: MerchantKybDocumentFieldsDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantKybDocumentResponseDto> {
    const merchant = request.onboardingMerchant;
    if (!merchant) throw new Error('OnboardingTokenGuard did not run');
    return toKybDocumentResponse(await this.documents.upload(merchant, fields, uploadedFile(request), client));
  }

  /**
   * The application's KYB status, requirements and what it unlocks, with the onboarding token.
   * 401 ONBOARDING_TOKEN_INVALID for a bad or expired token; 404 for a valid token of another
   * merchant.
   */
  @Get(':merchantId/status')
  @Public()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @RateLimit(MerchantRateLimits.onboardingPerToken)
  @ApiOkResponse({ type: MerchantResponseDto })
  @ApiErrors('ONBOARDING_TOKEN_INVALID', 'NOT_FOUND')
  status(
    @UuidParam('merchantId') merchantId: string,
    @Query() query: OnboardingTokenQueryDto,
  ): Promise<MerchantResponseDto> {
    return this.onboarding.status(merchantId, query.token);
  }
}
