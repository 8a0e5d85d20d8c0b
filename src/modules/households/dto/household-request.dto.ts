import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** A new household; you become its OWNER. */
@ApiSchema({ name: 'HouseholdRequest' })
export class HouseholdRequestDto {
  /** What members call it, 1-60 characters. */
  @ApiProperty({ example: 'Adeyemi family', minLength: 1, maxLength: 60 })
  @IsString()
  @MinLength(1)
  @MaxLength(60)
  name: string;
}
