/** ISO 4217 codes the runtime knows (Node's ICU data), for validating currency fields. */
export const ISO_CURRENCY_CODES: readonly string[] = Intl.supportedValuesOf('currency');
