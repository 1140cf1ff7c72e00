// One persisted chat message (user or assistant); tool traffic stays inside its turn and is never stored.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('messages')
@Index(['sessionId', 'id'])
export class Message {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 36, name: 'session_id' })
  sessionId!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: 'user' | 'assistant';

  @Column({ type: 'text' })
  content!: string;

  /** The reply was cut short (client disconnected); the text carries an in-band marker too. */
  @Column({ type: 'boolean', default: false })
  interrupted!: boolean;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
