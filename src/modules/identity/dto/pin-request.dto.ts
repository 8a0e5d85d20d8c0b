import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

@ApiSchema({ name: 'PinRequest' })
export class PinRequestDto {
  /**
   * Exactly six digits. Refused with 422 `WEAK_PIN`: one digit repeated, a straight ascending or
   * descending run, the last six digits of the phone number.
   */
  @IsString()
  @Matches(/^\d{6}$/, { message: 'pin must be exactly six digits' })
  @ApiProperty({ example: '135790' })
  pin: string;
}
