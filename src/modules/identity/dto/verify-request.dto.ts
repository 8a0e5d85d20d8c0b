import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { IsPhoneNumberE164 } from '../phone-number';

@ApiSchema({ name: 'VerifyRequest' })
export class VerifyRequestDto {
  @IsPhoneNumberE164()
  phone: string;

  /** The six-digit code from the SMS. */
  @IsString()
  @Matches(/^\d{6}$/, { message: 'otp must be exactly six digits' })
  @ApiProperty({ example: '482913' })
  otp: string;

  /** A name the customer recognises this device by in the session list. */
  @Omittable()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @ApiPropertyOptional({ example: 'Ada’s Pixel 8' })
  deviceName?: string;
}
