// Prints what failed, from node --test TAP files: each failing test's name and
// its error (the assertion's message, which our frame tests fill with their
// measurements). test.sh prints it last, so that a CI log that keeps only its
// tail still says why a run failed (twice it kept only the failing test's name).
//   node tests/failure-digest.mjs file.tap [file.tap ...]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ERROR_LINES = 30;

/** The failing tests of one TAP text: [{ name, error }] (suites failing only through their subtests are left out). */
export function failuresOf(tap) {
  const lines = tap.split('\n');
  const failures = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^(\s*)not ok \d+ - (.*)$/.exec(lines[i]);
    if (!head) continue;
    const indent = `${head[1]}  `;
    const block = [];
    for (let j = i + 1; j < lines.length && lines[j].startsWith(indent) && lines[j].trim() !== '...'; j++) block.push(lines[j].slice(indent.length));
    if (block.some((line) => line.startsWith("failureType: 'subtestsFailed'"))) continue;
    const at = block.findIndex((line) => line.startsWith('error:'));
    const error = [];
    if (at >= 0) {
      const first = block[at].slice('error:'.length).trim();
      if (first !== '|-' && first !== '|' && first !== '>-') error.push(first);
      for (let j = at + 1; j < block.length && block[j].startsWith('  '); j++) error.push(block[j].slice(2));
    }
    failures.push({ name: head[2], error: error.slice(0, ERROR_LINES).join('\n') });
  }
  return failures;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const file of process.argv.slice(2)) {
    let tap;
    try { tap = readFileSync(file, 'utf8'); } catch { continue; }
    for (const { name, error } of failuresOf(tap)) {
      console.log(`✖ ${path.basename(file, '.tap')}: ${name}`);
      if (error) console.log(error.replace(/^/gm, '    '));
    }
  }
}
