// A link from a note to a belief it produced or corroborated; it outlives the belief's supersession.
import { Entity, PrimaryColumn } from 'typeorm';

@Entity('dream_note_beliefs')
export class DreamNoteBelief {
  @PrimaryColumn({ type: 'integer', name: 'note_id' })
  noteId!: number;

  @PrimaryColumn({ type: 'integer', name: 'memory_id' })
  memoryId!: number;
}
