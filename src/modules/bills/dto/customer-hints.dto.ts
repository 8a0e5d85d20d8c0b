import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';

/**
 * What the biller knows of the customer a bill is for. Each hint given must agree with the
 * matched customer; none is ever echoed back or said to have failed.
 */
@ApiSchema({ name: 'BillCustomerHints' })
export class CustomerHintsDto {
  /** International form (`+234...`); spaces and dashes are ignored. A number in another form matches nobody. */
  @ApiProperty({ required: false, example: '+2348031234567' })
  @Omittable()
  @IsString()
  @MaxLength(32)
  phone?: string;

  /** Compared without case, accents, punctuation or word order. */
  @ApiProperty({ required: false, example: 'Chinedu Okafor' })
  @Omittable()
  @IsString()
  @MaxLength(200)
  name?: string;

  /** Compared without spaces or dashes, in upper case. */
  @ApiProperty({ required: false, example: '12345678901' })
  @Omittable()
  @IsString()
  @MaxLength(64)
  nationalId?: string;
}
