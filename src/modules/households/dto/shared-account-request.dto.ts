import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/** One of your saved accounts (GET /saved-accounts) to share with the household. */
@ApiSchema({ name: 'HouseholdSharedAccountRequest' })
export class SharedAccountRequestDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30' })
  @IsUUID()
  savedAccountId: string;
}
