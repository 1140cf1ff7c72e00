// A guest reservation as the PMS reported it, with the one engine session its guest turns run in.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('concierge_reservations')
@Index('uq_concierge_reservations_account_external', ['account', 'externalId'], { unique: true })
export class ConciergeReservation {
  /** Quorra's own id; the ReservationPrincipal carries this, never the PMS id. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  account!: string;

  /** The PMS's reservation id (used for the send-message API). */
  @Column({ type: 'varchar', length: 200, name: 'external_id' })
  externalId!: string;

  /** The hosting workspace the account maps to. */
  @Column({ type: 'varchar', length: 128 })
  workspace!: string;

  @Column({ type: 'varchar', length: 200, name: 'guest_name' })
  guestName!: string;

  @Column({ type: 'varchar', length: 40, name: 'check_in' })
  checkIn!: string;

  @Column({ type: 'varchar', length: 40, name: 'check_out' })
  checkOut!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  property!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  status!: string | null;

  /** The engine session of this reservation's guest turns (set after the first turn). */
  @Column({ type: 'varchar', length: 64, name: 'session_id', nullable: true })
  sessionId!: string | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
