/** Types generated for queries found in "src/modules/identity/sql/otp-challenges.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

/** 'ReplaceOtpChallenge' parameters type */
export interface ReplaceOtpChallengeParams {
  codeHash: string;
  createdAt: DateOrString;
  expiresAt: DateOrString;
  phone: string;
}

/** 'ReplaceOtpChallenge' return type */
export type ReplaceOtpChallengeResult = void;

/** 'ReplaceOtpChallenge' query type */
export interface ReplaceOtpChallengeQuery {
  params: ReplaceOtpChallengeParams;
  result: ReplaceOtpChallengeResult;
}

const replaceOtpChallengeIR: any = {"usedParamSet":{"phone":true,"codeHash":true,"expiresAt":true,"createdAt":true},"params":[{"name":"phone","required":true,"transform":{"type":"scalar"},"locs":[{"a":173,"b":179}]},{"name":"codeHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":182,"b":191}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":197,"b":207}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":210,"b":220}]}],"statement":"-- A new challenge for the number, replacing any earlier one and its count of tries.\nINSERT INTO otp_challenges (phone, code_hash, attempts, expires_at, created_at)\nVALUES (:phone!, :codeHash!, 0, :expiresAt!, :createdAt!)\n    ON CONFLICT (phone) DO UPDATE\n   SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at,\n       created_at = EXCLUDED.created_at"};

/**
 * Query generated from SQL:
 * ```
 * -- A new challenge for the number, replacing any earlier one and its count of tries.
 * INSERT INTO otp_challenges (phone, code_hash, attempts, expires_at, created_at)
 * VALUES (:phone!, :codeHash!, 0, :expiresAt!, :createdAt!)
 *     ON CONFLICT (phone) DO UPDATE
 *    SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at,
 *        created_at = EXCLUDED.created_at
 * ```
 */
export const replaceOtpChallenge = new PreparedQuery<ReplaceOtpChallengeParams,ReplaceOtpChallengeResult>(replaceOtpChallengeIR);


