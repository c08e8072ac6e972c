import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_MS,
  EMAIL_CODE_TTL_MS,
  EMAIL_PATTERN,
  type EmailAddBody,
  type EmailVerifyBody,
  type Language,
} from '@safety-shield/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { vehicle, vehicleEmail } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { outOfScope } from '../../http/scope.js';
import type { Mailer } from '../../mail/mailer.js';
import { serverTexts } from '../../texts/index.js';
import { ownedVehicles } from './scope.js';

const hashCode = (code: string) => createHash('sha256').update(code).digest();

/** Notification e-mails of a vehicle (SPEC section 4: unverified → verified by a 6-digit code sent to the address). */
export class VehicleEmailService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
  ) {}

  /** An address of a vehicle the caller owns, with its plate; locked for the rest of the transaction. */
  private async owned(tx: Db, principal: Principal, id: number) {
    const [found] = await tx
      .select({ email: vehicleEmail, plate: vehicle.licensePlate })
      .from(vehicleEmail)
      .innerJoin(vehicle, eq(vehicle.id, vehicleEmail.vehicleId))
      .where(and(ownedVehicles(principal), eq(vehicleEmail.id, id)))
      .for('update');
    if (!found) throw outOfScope(principal, 'VEHICLE_EMAIL_NOT_EXIST_ERROR');
    return found;
  }

  async add(principal: Principal, { vehicleId, email }: EmailAddBody): Promise<{ id: number }> {
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) throw new AppError('PARAM_CHECK_FAIL', 'email', { field: 'email' });
    const [car] = await this.db
      .select({ id: vehicle.id })
      .from(vehicle)
      .where(and(ownedVehicles(principal), eq(vehicle.id, vehicleId)));
    if (!car) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
    try {
      const [row] = await this.db.insert(vehicleEmail).values({ vehicleId, email: address }).returning({ id: vehicleEmail.id });
      if (!row) throw new AppError('ACTION_FAIL_RETRY');
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('VEHICLE_EMAIL_EXIST_ERROR', undefined, { field: 'email' });
      throw error;
    }
  }

  /**
   * Sends a fresh code, in the caller's language. The code is stored (hashed) only once the mail went out, so a failed
   * send leaves the previous code valid; a second send within a minute is refused, so nobody can flood a mailbox.
   */
  async sendCode(principal: Principal, id: number, language: Language = principal.language ?? 'en'): Promise<void> {
    const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
    const { email, plate } = await this.db.transaction(async (tx) => {
      const found = await this.owned(tx, principal, id);
      if (found.email.state === 'verified') throw new AppError('VEHICLE_STATE_ERROR');
      const sentAt = found.email.codeSentAt?.getTime() ?? 0;
      if (Date.now() - sentAt < EMAIL_CODE_RESEND_MS) throw new AppError('YOU_REQUEST_TOO_FAST');
      // Claim the send slot now, so two clicks cannot both send.
      await tx.update(vehicleEmail).set({ codeSentAt: new Date() }).where(eq(vehicleEmail.id, id));
      return found;
    });
    try {
      const texts = serverTexts[language].verificationEmail;
      await this.mailer.send({
        to: email.email,
        subject: texts.subject({ code }),
        text: texts.text({ code, plate, minutes: EMAIL_CODE_TTL_MS / 60_000 }),
      });
    } catch (error) {
      // Give the slot back so the user may try again at once.
      await this.db.update(vehicleEmail).set({ codeSentAt: email.codeSentAt }).where(eq(vehicleEmail.id, id));
      throw error;
    }
    await this.db
      .update(vehicleEmail)
      .set({ codeHash: hashCode(code).toString('base64'), codeAttempts: 0 })
      .where(eq(vehicleEmail.id, id));
  }

  async verify(principal: Principal, { id, code }: EmailVerifyBody): Promise<void> {
    const wrong = await this.db.transaction(async (tx) => {
      const { email } = await this.owned(tx, principal, id);
      if (email.state === 'verified') return false;
      const fresh = email.codeSentAt && Date.now() - email.codeSentAt.getTime() <= EMAIL_CODE_TTL_MS;
      const spent = email.codeAttempts >= EMAIL_CODE_MAX_ATTEMPTS;
      const matches = email.codeHash !== null && timingSafeEqual(Buffer.from(email.codeHash, 'base64'), hashCode(code));
      if (!fresh || spent || !matches || !email.codeHash) {
        await tx
          .update(vehicleEmail)
          .set({ codeAttempts: sql`${vehicleEmail.codeAttempts} + 1` })
          .where(eq(vehicleEmail.id, id));
        return true;
      }
      await tx
        .update(vehicleEmail)
        .set({ state: 'verified', verifiedAt: new Date(), codeHash: null, codeAttempts: 0 })
        .where(eq(vehicleEmail.id, id));
      return false;
    });
    if (wrong) throw new AppError('VEHICLE_EMAIL_VALIDATE_FAIL', undefined, { field: 'code' });
  }

  async remove(principal: Principal, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.owned(tx, principal, id);
      await tx.delete(vehicleEmail).where(eq(vehicleEmail.id, id));
    });
  }
}
