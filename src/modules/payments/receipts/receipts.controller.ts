import { Controller, Get, Header, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../platform/auth/auth.decorators';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
// The codes @ApiErrors names are looked up when the class is defined: their file loads first.
import '../payments.errors';
import { RECEIPT_ROUTE } from './receipt-link';
import { ReceiptTokenParam } from './receipt-token.param';
import { ReceiptService } from './receipt.service';

@ApiTags('Payments')
@Controller(RECEIPT_ROUTE)
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptService) {}

  /**
   * Download a payment's receipt, a one-page A4 PDF. The link comes from
   * `POST /payments/{id}/receipt`: the token in it is the authorisation, so no Authorization
   * header is needed, and it stops working at its `expiresAt` (15 minutes by default). A token
   * that does not verify is 404; an expired one is 410 `RECEIPT_LINK_EXPIRED`: ask for a new link.
   */
  @Get(':token')
  @Public()
  @Header('Cache-Control', 'private, no-store')
  // Chrome's built-in PDF viewer is blocked by the app-wide `object-src 'none'`; the PDF loads
  // nothing, so the policy only needs to keep it from being framed by other sites.
  @Header('Content-Security-Policy', "frame-ancestors 'self'")
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The receipt as a PDF, shown inline as `receipt-{paymentId}.pdf`.',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiErrors('NOT_FOUND', 'RECEIPT_LINK_EXPIRED')
  async download(@ReceiptTokenParam() token: string): Promise<StreamableFile> {
    const receipt = await this.receipts.render(token);
    return new StreamableFile(receipt.pdf, {
      type: 'application/pdf',
      disposition: `inline; filename="receipt-${receipt.paymentId}.pdf"`,
      length: receipt.pdf.length,
    });
  }
}
