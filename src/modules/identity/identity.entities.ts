import { DeviceSession } from './device-session.entity';
import { KycSubmission } from './kyc-submission.entity';
import { OtpChallenge } from './otp-challenge.entity';
import { RefreshToken } from './refresh-token.entity';
import { User } from './user.entity';

/** The identity context's tables, registered by its modules (TypeOrmModule.forFeature). */
export const IDENTITY_ENTITIES = [User, OtpChallenge, DeviceSession, RefreshToken, KycSubmission];
