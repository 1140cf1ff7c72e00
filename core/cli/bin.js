#!/usr/bin/env node
// Entry for the installed `quorra` command: registers tsx, then runs the TypeScript CLI.
import { register } from 'tsx/esm/api';

register({ tsconfig: new URL('../../tsconfig.json', import.meta.url).pathname });
const { main } = await import('./main.ts');
const code = await main(process.argv.slice(2));
if (process.argv[2] !== 'serve' || code !== 0) process.exitCode = code;
