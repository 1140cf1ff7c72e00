// Persistence for reservations and guest messages: the webhook's idempotent intake and each message's drafting record.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from 'quorra/plugin';
import { type DataSource, In } from 'typeorm';
import { type DraftState, GuestMessage } from './guest-message.entity.ts';
import { ConciergeReservation } from './reservation.entity.ts';
import type { GuestMessageEvent } from './webhook-event.ts';

/** What the intake did: the stored message and whether it was already known. */
export interface Intake {
  message: GuestMessage;
  reservation: ConciergeReservation;
  duplicate: boolean;
}

/** Reads and writes the concierge tables. */
export class ConciergeStore {
  constructor(private readonly db: DataSource) {}

  private get messages() {
    return this.db.getRepository(GuestMessage);
  }

  private get reservations() {
    return this.db.getRepository(ConciergeReservation);
  }

  /** Upserts the reservation and stores the message, once per (account, message id). */
  async intake(e: GuestMessageEvent, workspace: string): Promise<Intake> {
    const known = await this.messages.findOneBy({ account: e.account, externalId: e.message.id });
    if (known)
      return { message: known, reservation: (await this.reservation(known.reservationId))!, duplicate: true };
    try {
      return await this.db.transaction(async (em) => {
        const now = new Date();
        const repo = em.getRepository(ConciergeReservation);
        let r = await repo.findOneBy({ account: e.account, externalId: e.reservation.id });
        const fields = {
          guestName: e.reservation.guest_name,
          checkIn: e.reservation.check_in,
          checkOut: e.reservation.check_out,
          property: e.reservation.property ?? r?.property ?? null,
          status: e.reservation.status ?? r?.status ?? null,
          updatedAt: now,
        };
        if (r) {
          // a remapped account starts a new guest session: the old one is sealed to the old workspace
          if (r.workspace !== workspace) Object.assign(r, { workspace, sessionId: null });
          Object.assign(r, fields);
        } else {
          r = repo.create({
            id: randomUUID(),
            account: e.account,
            externalId: e.reservation.id,
            workspace,
            sessionId: null,
            createdAt: now,
            ...fields,
          });
        }
        await repo.save(r);
        const m = em.getRepository(GuestMessage).create({
          reservationId: r.id,
          account: e.account,
          externalId: e.message.id,
          guestText: e.message.text,
          guestSentAt: e.message.sent_at,
          state: 'drafting',
          draft: null,
          escalationReason: null,
          lastError: null,
          sentText: null,
          pmsMessageId: null,
          sentBy: null,
          sentAt: null,
          createdAt: now,
          updatedAt: now,
        });
        await em.getRepository(GuestMessage).save(m);
        return { message: m, reservation: r, duplicate: false };
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // a concurrent delivery of the same message won the race
      const message = await this.messages.findOneByOrFail({ account: e.account, externalId: e.message.id });
      return { message, reservation: (await this.reservation(message.reservationId))!, duplicate: true };
    }
  }

  /** One reservation by Quorra's id. */
  reservation(id: string): Promise<ConciergeReservation | null> {
    return this.reservations.findOneBy({ id });
  }

  /** Remembers the engine session of a reservation's guest turns. */
  async setSession(reservationId: string, sessionId: string): Promise<void> {
    await this.reservations.update({ id: reservationId }, { sessionId, updatedAt: new Date() });
  }

  /** One message by draft number. */
  message(id: number): Promise<GuestMessage | null> {
    return this.messages.findOneBy({ id });
  }

  /** Messages in the given states, oldest first. */
  list(states: readonly DraftState[]): Promise<GuestMessage[]> {
    return this.messages.find({ where: { state: In([...states]) }, order: { id: 'ASC' } });
  }

  /** The newest drafted (unanswered) message of a reservation, if any. */
  latestOpen(reservationId: string): Promise<GuestMessage | null> {
    return this.messages.findOne({
      where: { reservationId, state: 'drafted' },
      order: { id: 'DESC' },
    });
  }

  /** Writes fields of a message (and its updatedAt). */
  async patch(id: number, fields: Partial<GuestMessage>): Promise<void> {
    await this.messages.update({ id }, { ...fields, updatedAt: new Date() });
  }
}
