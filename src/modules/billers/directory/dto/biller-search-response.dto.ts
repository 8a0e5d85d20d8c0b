import { Page, PageOf } from '../../../../platform/http/pagination';
import { BillerSummaryDto } from './biller-summary.dto';

/** One page of the biller directory. */
export const BillerSearchResponseDto = PageOf(BillerSummaryDto, 'BillerSearchResponse');
export type BillerSearchResponseDto = Page<BillerSummaryDto>;
