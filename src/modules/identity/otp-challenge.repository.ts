import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import { OtpChallenge } from './otp-challenge.entity';
import * as otpChallenges from './sql/otp-challenges.queries';

const SQL = sqlStatements('identity', otpChallenges);

/** Named queries on `otp_challenges` (one row per phone number). */
@Injectable()
export class OtpChallengeRepository {
  /** Issues a new challenge for the number, replacing any earlier one and its count of tries. */
  async replace(manager: EntityManager, challenge: OtpChallenge): Promise<void> {
    await run(executorOn(manager), SQL.replaceOtpChallenge, {
      phone: challenge.phone,
      codeHash: challenge.codeHash,
      expiresAt: challenge.expiresAt,
      createdAt: challenge.createdAt,
    });
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
