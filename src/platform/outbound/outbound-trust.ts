import { AddressPolicy, PUBLIC_ONLY } from './address-policy';

/**
 * What the guarded client trusts beyond public addresses and the system's certificate
 * authorities. As deployed: nothing (`OutboundModule` binds the default). A test binds its own
 * (loopback allowed, its local server's authority) by overriding this provider, in process or
 * through a test entry point; there is no setting for it.
 */
export class OutboundTrust {
  constructor(
    /** Which addresses besides the public internet a request may reach. */
    readonly policy: AddressPolicy = PUBLIC_ONLY,
    /** PEM certificates trusted beside the system's roots. */
    readonly extraCa: readonly string[] = [],
  ) {}
}
