// components/elements.d.ts (tag names and event maps) is generated from
// custom-elements.json by scripts/element-types.mjs, and custom-elements.json
// from the components' JSDoc: the committed file must be what the generator
// makes of today's JSDoc, and the manifest's elements the ones modules.json
// lists. The event details themselves are checked by the TypeScript consumer
// (tests/consumers/types.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ELEMENT_TYPES_FILE, elementTypes } from '../../scripts/element-types.mjs';
import { analyzeComponents, elementsOf, shipManifest } from '../../scripts/manifest.mjs';

const manifest = shipManifest(analyzeComponents());
const { modules } = JSON.parse(readFileSync(fileURLToPath(new URL('../../modules.json', import.meta.url)), 'utf8'));

test('components/elements.d.ts is what scripts/element-types.mjs makes of the components\' JSDoc', () => {
  const committed = readFileSync(ELEMENT_TYPES_FILE, 'utf8');
  assert.equal(committed, elementTypes(manifest),
    'components/elements.d.ts is stale: run `node scripts/element-types.mjs` and commit it');
});

test('custom-elements.json declares exactly the elements modules.json lists, each with its events', () => {
  const elements = elementsOf(manifest);
  assert.deepEqual(elements.map((e) => e.tagName), modules.filter((m) => m.element).map((m) => m.element).sort());
  for (const element of elements) {
    assert.ok(element.events?.length > 0, `<${element.tagName}> documents its events with @fires`);
    for (const event of element.events) assert.match(event.type?.text ?? '', /^CustomEvent<.+>$/s, `<${element.tagName}> ${event.name}: @fires {CustomEvent<detail>}`);
  }
});

test('every attribute a property reflects is linked to it (fieldName), as the framework typings need', () => {
  const unlinked = elementsOf(manifest).flatMap((element) => (element.attributes ?? [])
    .filter((attr) => !attr.fieldName && element.members?.some((m) => m.kind === 'field' && m.name === attr.name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())))
    .map((attr) => `<${element.tagName} ${attr.name}>`));
  assert.deepEqual(unlinked, []);
  const vaultUnlock = elementsOf(manifest).find((e) => e.tagName === 'vault-unlock');
  assert.equal(vaultUnlock.attributes.find((a) => a.name === 'minlength').fieldName, 'minLength');
  assert.equal(elementsOf(manifest).find((e) => e.tagName === 'fuzzy-search').attributes.find((a) => a.name === 'for').fieldName, 'htmlFor');
});
