import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { MinorUnitsAmountField } from '../../payments';

/** Credit an agent's float with cash they deposited. */
@ApiSchema({ name: 'FloatTopUpRequest' })
export class FloatTopUpRequestDto {
  @MinorUnitsAmountField({ example: 10000000, description: 'Minor units of `currency`.' })
  amount: number;

  /** Must be the agents' float currency (LIMITS_CURRENCY). */
  @ApiProperty({ example: 'NGN' })
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code in upper case' })
  currency: string;

  /** The deposit's reference (bank slip, receipt): a top-up repeated with it credits once. */
  @ApiProperty({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:/-]+$', example: 'DEP-2026-11-24-0042' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  @Matches(/^[A-Za-z0-9._:/-]+$/, { message: 'reference may hold letters, digits and . _ : / - only' })
  reference: string;
}

@ApiSchema({ name: 'FloatTopUpResponse' })
export class FloatTopUpResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a80' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a81' })
  agentId: string;

  @ApiProperty({ example: 'DEP-2026-11-24-0042' })
  reference: string;

  @ApiProperty({ type: 'integer', example: 10000000 })
  amount: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** The journal entry that credited the float. */
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a82' })
  journalEntryId: string;

  /** The agent's float after the top-up (for a repeat: now). */
  @ApiProperty({ type: 'integer', example: 55000000 })
  floatBalance: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-24T09:00:00.000Z' })
  createdAt: string;
}
