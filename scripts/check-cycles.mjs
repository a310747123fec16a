#!/usr/bin/env node
// Import-cycle check (dependency-cruiser, rules in .dependency-cruiser.cjs): inside the API, the
// contracts package, the shell and every feature app, imports point one way. Part of `npm run lint`
// and of the lint step of `npm test`; fails on the first circle and prints it.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRONT_END, ROOT, run } from './lib.mjs';

export const CYCLE_CHECKED = ['api/src', 'shared/src', ...FRONT_END.map((dir) => `${dir.replace(/^\.\//, '')}/src`)];

export function checkCycles() {
  return run(join(ROOT, 'node_modules/.bin/depcruise'), [
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'err',
    ...CYCLE_CHECKED,
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(checkCycles());
