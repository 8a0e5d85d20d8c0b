import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';

/** A comment on a dispute: the customer on their own, SUPPORT and ADMIN on any. */
@ApiSchema({ name: 'DisputeCommentRequest' })
export class DisputeCommentRequestDto {
  @ApiProperty({ minLength: 1, maxLength: 2000, example: 'Attached is the biller statement showing no credit.' })
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  @Matches(/\S/, { message: 'body must not be blank' })
  body: string;

  /**
   * Staff only: `true` makes a note the customer never sees; a customer sending `true` gets 403
   * FORBIDDEN. Optional: absent means `false`, a comment the customer sees.
   */
  @ApiProperty({ required: false, example: false })
  @Omittable()
  @IsBoolean()
  internal?: boolean;
}
