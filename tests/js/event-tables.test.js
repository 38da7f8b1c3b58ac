// The event tables of docs/api.md and README.md are generated from custom-elements.json (each component's
// @fires JSDoc) by scripts/event-tables.mjs: the committed documents must be what it makes of today's JSDoc, so
// an event renamed, added or given another detail in a component cannot leave a copy behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { API_DOC, README, detailOf, eventDocs, replaceBlock } from '../../scripts/event-tables.mjs';
import { analyzeComponents, shipManifest } from '../../scripts/manifest.mjs';

test('docs/api.md and README.md hold the event tables scripts/event-tables.mjs makes of the components\' JSDoc', () => {
  const made = eventDocs(shipManifest(analyzeComponents()));
  for (const file of [API_DOC, README]) {
    assert.equal(readFileSync(file, 'utf8'), made[file], `${file} is stale: run \`node scripts/event-tables.mjs\` and commit it`);
  }
});

test('a detail reads as its field names, each alternative of a union, {} for an empty record', () => {
  assert.equal(detailOf('CustomEvent<{total: number, opened: number}>'), '{total, opened}');
  assert.equal(detailOf('CustomEvent<{ok: true, ms: number} | {key: Uint8Array, ms: number}>'), '{ok, ms} or {key, ms}');
  assert.equal(detailOf('CustomEvent<{a: Map<string, {x: 1}>, b?: (x: number) => void; c: string}>'), '{a, b, c}');
  assert.equal(detailOf('CustomEvent<Record<string, never>>'), '{}');
  assert.equal(detailOf('CustomEvent<string>'), 'string');
});

test('a document without its markers is refused, naming the marker', () => {
  assert.throws(() => replaceBlock('no markers here', 'events:note-list', '| t |', API_DOC), /no <!-- events:note-list --> .* block/);
  assert.equal(replaceBlock('a\n<!-- events -->\nold\n<!-- /events -->\nb', 'events', 'new', README),
    'a\n<!-- events -->\nnew\n<!-- /events -->\nb');
});
