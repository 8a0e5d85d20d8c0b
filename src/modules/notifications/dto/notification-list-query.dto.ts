import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../platform/http/pagination';

/** Query strings carry text: `true` and `false` become booleans, anything else fails validation. */
const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class NotificationListQueryDto extends PageQueryDto {
  /** `true`: read notifications only; `false`: unread only; both when absent. */
  @ApiProperty({ required: false, type: Boolean, example: false })
  @Omittable()
  @Transform(toBoolean)
  @IsBoolean()
  isRead?: boolean;
}
