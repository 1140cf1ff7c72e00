// Rewrites the error table in plugins/README.md from core/contracts/errors.ts (test/core/contracts keeps them equal).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withErrorTable } from '../core/contracts/error-table.ts';

const guide = fileURLToPath(new URL('../plugins/README.md', import.meta.url));
writeFileSync(guide, withErrorTable(readFileSync(guide, 'utf8')));
