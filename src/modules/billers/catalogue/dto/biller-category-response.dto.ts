import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { BillerCategory } from '../biller-category.entity';

/** A category of the directory, as customers see it. */
@ApiSchema({ name: 'BillerCategoryResponse' })
export class BillerCategoryResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a02' })
  id: string;

  @ApiProperty({ example: 'electricity' })
  slug: string;

  @ApiProperty({ example: 'Electricity' })
  name: string;

  /** Icon name the apps map to their icon set. */
  @ApiProperty({ example: 'bolt' })
  icon: string;

  /** Ascending display order. */
  @ApiProperty({ type: 'integer', example: 10 })
  sortOrder: number;
}

/** A category with what only admins see. */
@ApiSchema({ name: 'AdminBillerCategoryResponse' })
export class AdminBillerCategoryResponseDto extends BillerCategoryResponseDto {
  @ApiProperty({ example: true })
  active: boolean;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}

export function toBillerCategoryResponse(category: BillerCategory): BillerCategoryResponseDto {
  return {
    id: category.id,
    slug: category.slug,
    name: category.name,
    icon: category.icon,
    sortOrder: category.sortOrder,
  };
}

export function toAdminBillerCategoryResponse(category: BillerCategory): AdminBillerCategoryResponseDto {
  return {
    ...toBillerCategoryResponse(category),
    active: category.active,
    createdAt: category.createdAt.toISOString(),
    updatedAt: category.updatedAt.toISOString(),
  };
}
