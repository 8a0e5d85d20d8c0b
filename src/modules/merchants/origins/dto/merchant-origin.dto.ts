import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import {
  MerchantOrigin,
  ORIGIN_STATUSES,
  ORIGIN_VERIFICATION_METHODS,
  OriginStatus,
  OriginVerificationMethod,
} from '../merchant-origin.entity';
import { originChallenge } from '../origin-challenge';

@ApiSchema({ name: 'MerchantOriginRequest' })
export class MerchantOriginRequestDto {
  /**
   * `https://` and a host name, with an optional port: no path, query, fragment, user
   * information, IP address or wildcard. Unicode host names are stored in punycode, lower case.
   * `http://localhost[:port]` is accepted for test mode and verified at once.
   */
  @ApiProperty({ minLength: 1, maxLength: 300, example: 'https://shop.example.com' })
  @IsString()
  @MinLength(1)
  @MaxLength(300)
  origin: string;
}

@ApiSchema({ name: 'MerchantOriginDnsChallenge' })
export class MerchantOriginDnsChallengeDto {
  @ApiProperty({ enum: ['TXT'], example: 'TXT' })
  type: 'TXT';

  /** The record's name: `_paysvc-challenge.` and the origin's host. */
  @ApiProperty({ example: '_paysvc-challenge.shop.example.com' })
  name: string;

  /** The record's whole value (chunks of one record are joined before comparing). */
  @ApiProperty({ example: 'paysvc-verification=KNKbJtSuObGIig0bF-Hz4kOehAwvy-fcRWNrQsK4p4Q' })
  value: string;
}

@ApiSchema({ name: 'MerchantOriginHttpChallenge' })
export class MerchantOriginHttpChallengeDto {
  /** Fetched with a GET; it must answer 200 itself (no redirect) over valid TLS. */
  @ApiProperty({ format: 'uri', example: 'https://shop.example.com/.well-known/paysvc-verification.txt' })
  url: string;

  /** What the file holds (surrounding white space is ignored); at most 4 KB are read. */
  @ApiProperty({ example: 'KNKbJtSuObGIig0bF-Hz4kOehAwvy-fcRWNrQsK4p4Q' })
  body: string;
}

@ApiSchema({ name: 'MerchantOriginChallenge' })
export class MerchantOriginChallengeDto {
  /** 32 random bytes in base64url, this origin's own. */
  @ApiProperty({ minLength: 43, maxLength: 43, example: 'KNKbJtSuObGIig0bF-Hz4kOehAwvy-fcRWNrQsK4p4Q' })
  token: string;

  @ApiProperty({ type: MerchantOriginDnsChallengeDto })
  dns: MerchantOriginDnsChallengeDto;

  @ApiProperty({ type: MerchantOriginHttpChallengeDto })
  http: MerchantOriginHttpChallengeDto;
}

@ApiSchema({ name: 'MerchantOriginResponse' })
export class MerchantOriginResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9ab0' })
  id: string;

  /** Canonical: lower-case punycode host, default port left out. */
  @ApiProperty({ example: 'https://shop.example.com' })
  origin: string;

  @ApiProperty({ enum: ORIGIN_STATUSES, enumName: 'MerchantOriginStatus', example: 'PENDING' })
  status: OriginStatus;

  /** True for `http://localhost[:port]`: verified at once, usable by test-mode objects only. */
  @ApiProperty({ example: false })
  testModeOnly: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  verifiedAt: string | null;

  /** `LOCALHOST`: a test-mode origin, verified without a challenge. */
  @ApiProperty({ type: String, enum: ORIGIN_VERIFICATION_METHODS, nullable: true, example: null })
  verificationMethod: OriginVerificationMethod | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  lastCheckedAt: string | null;

  /** What the last failed check found, per method; null after a success and before any check. */
  @ApiProperty({ type: String, nullable: true, example: null })
  lastError: string | null;

  /** Where to put the token; null for a test-mode `http://localhost` origin, which needs none. */
  @ApiProperty({ type: MerchantOriginChallengeDto, nullable: true })
  challenge: MerchantOriginChallengeDto | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T09:30:00.000Z' })
  createdAt: string;
}

export function toOriginResponse(origin: MerchantOrigin): MerchantOriginResponseDto {
  return {
    id: origin.id,
    origin: origin.origin,
    status: origin.status,
    testModeOnly: origin.testModeOnly,
    verifiedAt: origin.verifiedAt?.toISOString() ?? null,
    verificationMethod: origin.verificationMethod,
    lastCheckedAt: origin.lastCheckedAt?.toISOString() ?? null,
    lastError: origin.lastError,
    challenge: origin.testModeOnly ? null : originChallenge(origin.origin, origin.challengeToken),
    createdAt: origin.createdAt.toISOString(),
  };
}
