// Indexes knowledge_file by content hash, so a moved file finds the vectors already embedded for its content.

import { addEntityIndices } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { IndexedFile } from '../indexed-file.entity.ts';

const INDEX = 'idx_knowledge_file_hash';

/** Additive: one index; a database created after the entity declared it already has it. */
export class IndexKnowledgeFileHash1764521100000 implements MigrationInterface {
  name = 'IndexKnowledgeFileHash1764521100000';

  up = (q: QueryRunner) => addEntityIndices(q, IndexedFile, [INDEX]);
  down = (q: QueryRunner) => q.dropIndex('knowledge_file', INDEX);
}
