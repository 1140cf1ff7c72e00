// A server tool as the owner approved it: the fingerprint of its description and schema when approved and as last seen.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('mcp_tool_pins')
@Index('uq_mcp_tool_pins_tool', ['serverId', 'toolName'], { unique: true })
export class ToolPin {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'server_id', type: 'varchar', length: 16 })
  serverId!: string;

  /** The server's own name for the tool (before Quorra's namespacing). */
  @Column({ name: 'tool_name', type: 'varchar', length: 200 })
  toolName!: string;

  /** The fingerprint the owner approved; null until a tool that appeared later is approved. */
  @Column({ name: 'approved_hash', type: 'varchar', length: 64, nullable: true })
  approvedHash!: string | null;

  /** The fingerprint the server showed last; the tool is offered only while it equals approvedHash. */
  @Column({ name: 'seen_hash', type: 'varchar', length: 64 })
  seenHash!: string;

  @Column({ name: 'updated_at', type: 'datetime' })
  updatedAt!: Date;
}
