/** Lower-case letters and digits in words joined by single hyphens: `ikeja-electric`. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A biller slug: as SLUG_PATTERN, but never shaped like a UUID, so `/billers/{billerIdOrSlug}`
 * can always tell an id from a slug, and never `categories`, which is `/billers/categories`.
 */
export const BILLER_SLUG_PATTERN =
  /^(?!categories$)(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$)[a-z0-9]+(-[a-z0-9]+)*$/;
