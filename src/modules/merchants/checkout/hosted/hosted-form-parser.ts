import { urlencoded } from 'express';
import type { RequestHandler } from 'express';

/** The pay form is four short fields: anything past this is not our form (413). */
export const HOSTED_FORM_LIMIT = '4kb';

/**
 * Express's urlencoded parser for the hosted pay form only: flat fields (`extended: false`, no
 * nested objects), at most 20 of them and 4 KB; a bigger body is 413 by body-parser's own
 * error, which the exception filter answers.
 */
export function hostedFormParser(): RequestHandler {
  return urlencoded({
    extended: false,
    limit: HOSTED_FORM_LIMIT,
    parameterLimit: 20,
    type: 'application/x-www-form-urlencoded',
  });
}
