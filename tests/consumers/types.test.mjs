// A TypeScript consumer (fixtures/consumer.ts: the elements by tag name, their
// events, the README's API calls) compiles with `tsc --noEmit --strict`
// against the installed tarball's .d.ts: moduleResolution bundler, lib dom +
// es2022, no @types at all, and the package's own .d.ts checked too (no
// skipLibCheck: a strict consumer meets their errors).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { REPO, makeProject, removeTemps, runIn } from './helpers.mjs';

after(() => removeTemps());

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['dom', 'es2022'],
    types: [],
    skipLibCheck: false,
  },
  files: ['src/consumer.ts'],
};

/** tsc's errors, grouped by file: {file: ['line:col TSxxxx message', ...]}. */
function groupErrors(output) {
  const groups = {};
  let last;
  for (const line of output.split('\n')) {
    const match = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (match) {
      const [, file, row, col, code, message] = match;
      const where = file.replace(/^node_modules\/memento-elements\//, 'memento-elements/');
      last = `${row}:${col} ${code} ${message}`;
      (groups[where] ??= []).push(last);
    } else if (line.trim() && last) {
      // A continuation of the previous message (tsc indents the chain).
      const list = Object.values(groups).at(-1);
      list[list.length - 1] += ` / ${line.trim()}`;
    }
  }
  return groups;
}

test('a strict TypeScript consumer compiles against the shipped .d.ts (elements by tag name, typed events, the README\'s API)',
  { timeout: 120000 }, async (t) => {
    const dir = await makeProject('typescript', {
      'tsconfig.json': JSON.stringify(TSCONFIG, null, 2),
      'src/consumer.ts': await readFile(new URL('./fixtures/consumer.ts', import.meta.url), 'utf8'),
    });
    const tsc = path.join(REPO, 'node_modules/typescript/bin/tsc');
    const { code, output } = await runIn(dir, process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false']);
    const groups = groupErrors(output);
    const count = Object.values(groups).reduce((n, list) => n + list.length, 0);
    const report = Object.entries(groups).map(([file, list]) => `${file}:\n${list.map((e) => `  ${e}`).join('\n')}`).join('\n');
    if (count) t.diagnostic(`${count} tsc errors`);
    assert.equal(count, 0, `tsc --noEmit --strict found ${count} errors:\n${report}`);
    assert.equal(code, 0, `tsc exited ${code}:\n${output}`);
  });
