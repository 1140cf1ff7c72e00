// The bot's message asking for a tier-2 confirmation, so a Matrix reply to it names the confirmation.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('matrix_confirmation_messages')
@Index(['roomId', 'userId'])
export class ConfirmationMessage {
  @PrimaryColumn({ type: 'varchar', length: 255, name: 'event_id' })
  eventId!: string;

  @Column({ type: 'varchar', length: 255, name: 'room_id' })
  roomId!: string;

  @Column({ type: 'varchar', length: 64, name: 'user_id' })
  userId!: string;

  @Column({ type: 'varchar', length: 36, name: 'confirmation_id' })
  confirmationId!: string;

  @Column({ type: 'varchar', length: 36, name: 'session_id' })
  sessionId!: string;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
