import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

@ApiSchema({ name: 'DevMailboxQuery' })
export class DevMailboxQueryDto {
  /**
   * The recipient in E.164. An unencoded `+` in a query string arrives as a space, so a bare
   * run of digits is read as if it had its `+`.
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{7,15}$/.test(value.trim()) ? `+${value.trim()}` : value,
  )
  @IsOptional()
  @IsString()
  @Matches(/^\+[1-9]\d{6,14}$/, { message: 'phone must be an E.164 number such as +2348031234567' })
  @ApiProperty({ required: false, example: '+2348031234567' })
  phone?: string;

  /** An e-mail recipient instead of a phone number (one of the two is required). */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail()
  @MaxLength(254)
  @ApiProperty({ required: false, example: 'owner@acme.example' })
  email?: string;
}

@ApiSchema({ name: 'DevMailboxMessage' })
export class DevMailboxMessageDto {
  @ApiProperty({ example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  id: string;

  @ApiProperty({ enum: ['SMS', 'EMAIL'], example: 'SMS' })
  channel: 'SMS' | 'EMAIL';

  @ApiProperty({ example: '+2348031234567' })
  to: string;

  /** E-mail only. */
  @ApiProperty({ type: String, nullable: true, example: null })
  subject: string | null;

  @ApiProperty({ example: 'Your verification code is 123456. It expires in 5 minutes.' })
  body: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', format: 'date-time' })
  sentAt: string;
}
