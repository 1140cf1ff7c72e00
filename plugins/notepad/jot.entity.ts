// A jot: something a person captured in passing, waiting for the nightly triage.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** captured → (triage) proposed | asked | noted; resolved once every proposal from it is settled. */
export type JotState = 'captured' | 'proposed' | 'asked' | 'noted' | 'resolved';

@Entity('notepad_jots')
@Index('uq_notepad_jots_client', ['userId', 'clientId'], { unique: true })
export class Jot {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @Column({ name: 'client_id', type: 'varchar', length: 200 })
  clientId!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: JotState;

  /** Where it came from: http, matrix. */
  @Column({ type: 'varchar', length: 16 })
  source!: string;

  /** The triage's note (no_action), or its question (ask). */
  @Column({ type: 'text', nullable: true })
  note!: string | null;

  /** Questions asked and the person's answers, in order (re-triage sees them). */
  @Column({ name: 'qa', type: 'simple-json' })
  qa!: { q: string; a: string }[];

  /** Triage skips a deferred jot until this time. */
  @Column({ name: 'not_before', type: 'datetime', nullable: true })
  notBefore!: Date | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'triaged_at', type: 'datetime', nullable: true })
  triagedAt!: Date | null;
}
