// components/elements.d.ts is written by hand (tag names and event maps, which
// JSDoc cannot say): it must name every element by its @tagname and every event
// its @fires lists, and no other. The event details themselves are checked by
// the TypeScript consumer (tests/consumers/types.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const read = (file) => readFileSync(fileURLToPath(new URL(`../../components/${file}`, import.meta.url)), 'utf8');
const types = read('elements.d.ts');

const ELEMENTS = [
  { file: 'vault-unlock.js', className: 'VaultUnlock' },
  { file: 'note-list.js', className: 'NoteList' },
  { file: 'fuzzy-search.js', className: 'FuzzySearch' },
  { file: 'procedural-texture.js', className: 'ProceduralTexture' },
  { file: 'glass-blur.js', className: 'GlassBlur' },
];

/** The quoted keys of `interface <name> ... { ... }` in elements.d.ts (top-level members only). */
function interfaceKeys(name) {
  const start = types.search(new RegExp(`interface ${name}\\b[^{]*\\{`));
  assert.notEqual(start, -1, `elements.d.ts declares interface ${name}`);
  let depth = 0;
  let body = '';
  for (let i = types.indexOf('{', start); i < types.length; i++) {
    if (types[i] === '{') depth++;
    if (types[i] === '}' && --depth === 0) break;
    if (depth === 1) body += types[i];
  }
  return [...body.matchAll(/^\s*'([a-z][a-z-]*)'\s*:/gm)].map((m) => m[1]).sort();
}

for (const { file, className } of ELEMENTS) {
  test(`elements.d.ts: ${className}EventMap lists exactly the events ${file} @fires, and ${className} has typed listeners`, () => {
    const source = read(file);
    const fired = [...source.matchAll(/^\s*\*\s*@fires \{.*\}\s+([a-z][a-z-]*)\s+-/gm)].map((m) => m[1]).sort();
    assert.ok(fired.length > 0, `${file} documents its events with @fires`);
    assert.deepEqual(interfaceKeys(`${className}EventMap`), fired);
    assert.match(types, new RegExp(`declare module '\\./${file.replace('.', '\\.')}' \\{\\s*interface ${className} \\{`));
  });
}

test('elements.d.ts maps each @tagname to its class in HTMLElementTagNameMap', () => {
  const expected = ELEMENTS.map(({ file, className }) => {
    const [, tag] = /@tagname ([a-z-]+)/.exec(read(file));
    return `${tag}:${className}`;
  }).sort();
  const start = types.indexOf('interface HTMLElementTagNameMap');
  const body = types.slice(start, types.indexOf('}', start));
  const mapped = [...body.matchAll(/'([a-z-]+)':\s*(\w+);/g)].map((m) => `${m[1]}:${m[2]}`).sort();
  assert.deepEqual(mapped, expected);
});
