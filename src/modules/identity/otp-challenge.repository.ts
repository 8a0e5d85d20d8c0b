import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OtpChallenge } from './otp-challenge.entity';

/** Named queries on `otp_challenges` (one row per phone number). */
@Injectable()
export class OtpChallengeRepository {
  /** Issues a new challenge for the number, replacing any earlier one and its count of tries. */
  async replace(manager: EntityManager, challenge: OtpChallenge): Promise<void> {
    await manager.query(
      `INSERT INTO otp_challenges (phone, code_hash, attempts, expires_at, created_at)
       VALUES ($1, $2, 0, $3, $4)
       ON CONFLICT (phone) DO UPDATE
         SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`,
      [challenge.phone, challenge.codeHash, challenge.expiresAt, challenge.createdAt],
    );
  }

  lockByPhone(manager: EntityManager, phone: string): Promise<OtpChallenge | null> {
    return manager.findOne(OtpChallenge, { where: { phone }, lock: { mode: 'pessimistic_write' } });
  }

  async recordWrongCode(manager: EntityManager, phone: string): Promise<void> {
    await manager.increment(OtpChallenge, { phone }, 'attempts', 1);
  }

  async delete(manager: EntityManager, phone: string): Promise<void> {
    await manager.delete(OtpChallenge, { phone });
  }
}
