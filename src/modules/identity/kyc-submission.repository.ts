import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { KycSubmission } from './kyc-submission.entity';

/** Named queries on `kyc_submissions` (append-only). */
@Injectable()
export class KycSubmissionRepository {
  findLatest(manager: EntityManager, userId: string, tier: KycSubmission['tier']): Promise<KycSubmission | null> {
    return manager.findOne(KycSubmission, { where: { userId, tier }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async insert(manager: EntityManager, submission: KycSubmission): Promise<void> {
    await manager.insert(KycSubmission, submission);
  }
}
