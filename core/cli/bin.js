#!/usr/bin/env node
// Entry for the installed `quorra` command: registers tsx, then runs the TypeScript CLI.
import { setFlagsFromString } from 'node:v8';
import { register } from 'tsx/esm/api';

// V8 grows each young-generation semi-space up to 16 MB during bursts (loading, a sync) and keeps it resident while
// idle; capped at 1 MB before anything is loaded, the idle server holds ~40 MB less and a household's traffic never
// notices the extra scavenges. An explicit --max-semi-space-size (a flag or NODE_OPTIONS) wins.
if (![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('--max-semi-space-size')))
  setFlagsFromString('--max-semi-space-size=1');

register({ tsconfig: new URL('../../tsconfig.json', import.meta.url).pathname });
const { main } = await import('./main.ts');
const code = await main(process.argv.slice(2));
if (process.argv[2] !== 'serve' || code !== 0) process.exitCode = code;
