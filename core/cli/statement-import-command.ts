// `quorra import-statement <file> --account …`: a bank statement from disk, through the finance plugin's importer.
import { readFile } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createQuorra } from '../app.ts';
import { principalOf, UserStore } from '../auth/user-store.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';

const USAGE =
  'usage: quorra import-statement <file> --account <name> [--budget <id>] [--encoding <name>] [--layout <id>] [--mapping <json>] [--as <user>]';

/** What the CLI needs of the finance plugin's API (the same importer HTTP and Matrix uploads use). */
interface FinanceImport {
  importer: {
    importAs(
      asker: ReturnType<typeof principalOf>,
      budget: string | undefined,
      account: string | undefined,
      upload: { bytes: Uint8Array; encoding?: string; mapping?: Record<string, unknown>; layout?: string },
    ): Promise<Record<string, unknown>>;
  };
}

/** Imports one statement file as the given user (the first owner by default) and prints the answer as JSON. */
export async function importStatementCommand(args: string[], config: QuorraConfig, out: Writable) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      account: { type: 'string' },
      budget: { type: 'string' },
      encoding: { type: 'string' },
      mapping: { type: 'string' },
      layout: { type: 'string' },
      as: { type: 'string' },
    },
  });
  if (positionals.length !== 1 || !values.account) throw new QuorraError('QUORRA_USAGE', USAGE);
  const bytes = await readFile(positionals[0]).catch(() => {
    throw new QuorraError('QUORRA_USAGE', `cannot read the file "${positionals[0]}"`);
  });
  let mapping: Record<string, unknown> | undefined;
  try {
    mapping = values.mapping ? JSON.parse(values.mapping) : undefined;
  } catch {
    throw new QuorraError(
      'QUORRA_USAGE',
      '--mapping must be JSON, e.g. {"date":"Date","payee":"Payee","amount":"Amount"}',
    );
  }
  // the whole app without HTTP or Matrix: plugins activate as in `serve`, so the import is the server's own
  const quorra = await createQuorra(config);
  try {
    const users = new UserStore(quorra.db);
    const user = values.as ? await users.resolve(values.as) : (await users.owners())[0];
    if (!user)
      throw new QuorraError('QUORRA_USAGE', values.as ? `no user "${values.as}"` : 'add an owner first');
    const finance = quorra.plugins.api<FinanceImport>('finance');
    if (!finance) throw new QuorraError('QUORRA_USAGE', 'the finance plugin is not running');
    const answer = await finance.importer.importAs(principalOf(user), values.budget, values.account, {
      bytes,
      encoding: values.encoding,
      mapping,
      layout: values.layout,
    });
    out.write(`${JSON.stringify(answer)}\n`);
    return 0;
  } finally {
    await quorra.stop();
  }
}
