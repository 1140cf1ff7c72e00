// Creates knowledge_chunk (the embedded vector store) and knowledge_file (the indexer's per-file state) from their entities.

import { createEntityTables, dropEntityTables } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { IndexedFile } from '../indexed-file.entity.ts';
import { VectorChunk } from '../vector-chunk.entity.ts';

const tables = [VectorChunk, IndexedFile];

export class CreateKnowledge1764521000000 implements MigrationInterface {
  name = 'CreateKnowledge1764521000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
