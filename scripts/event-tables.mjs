// Writes the event tables of docs/api.md (one per element, `| event | detail | when |`) and README.md (one row
// per element) from custom-elements.json, i.e. from each component's `@fires {CustomEvent<detail>} name -
// description` JSDoc: the one place an event's name, detail and meaning are written. Each table stands between
// two marker comments, `<!-- events:<tag> -->` (or `<!-- events -->` in the README) and `<!-- /events -->`;
// tests/js/event-tables.test.js fails when a committed table differs from what this makes.
//   node scripts/event-tables.mjs   (scripts/bundle.mjs runs it with element-types.mjs)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeComponents, elementsOf, ROOT, shipManifest } from './manifest.mjs';

export const API_DOC = path.join(ROOT, 'docs/api.md');
export const README = path.join(ROOT, 'README.md');

/** The parts of `text` split at `separator` where no bracket is open. */
function topLevel(text, separator) {
  const parts = [];
  let depth = 0, part = '';
  for (const char of text) {
    if ('{<(['.includes(char)) depth++;
    else if ('})]'.includes(char) || (char === '>' && !part.endsWith('='))) depth--;   // not an arrow's '=>'
    if (depth === 0 && char === separator) { parts.push(part.trim()); part = ''; } else part += char;
  }
  return [...parts, part.trim()];
}

/**
 * The detail as the docs write it: an object type's field names `{a, b}` (each alternative of a union, joined by
 * " or "), `{}` for an empty record, else the type as written.
 */
export function detailOf(typeText = '') {
  const inner = /^CustomEvent<(.*)>$/s.exec(typeText.trim())?.[1].trim() ?? typeText;
  return topLevel(inner, '|').map((type) => {
    if (/^Record<string,\s*never>$/.test(type)) return '{}';
    if (!type.startsWith('{')) return type;
    const fields = topLevel(type.slice(1, -1).replace(/;/g, ','), ',').filter(Boolean).map((field) => /^[\w$]+/.exec(field)?.[0]);
    return `{${fields.join(', ')}}`;
  }).join(' or ');
}

const cell = (text) => String(text ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** docs/api.md's table of one element's events. */
export function elementEventTable({ events = [] }) {
  return ['| event | `detail` | when |', '| --- | --- | --- |',
    ...events.map((e) => `| \`${e.name}\` | \`${detailOf(e.type?.text)}\` | ${cell(e.description)} |`)].join('\n');
}

/** README.md's table: every element's events with their details. */
export function readmeEventTable(elements) {
  return ['| element | events (`detail`) |', '| --- | --- |',
    ...elements.map(({ tagName, events = [] }) => `| \`<${tagName}>\` | ${events.map((e) => `\`${e.name}\` \`${detailOf(e.type?.text)}\``).join(', ')} |`)].join('\n');
}

/** `text` with the block between `<!-- ${marker} -->` and `<!-- /events -->` replaced by `table`; throws without the markers. */
export function replaceBlock(text, marker, table, file) {
  const open = `<!-- ${marker} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf('<!-- /events -->', start);
  if (start < 0 || end < 0) throw new Error(`${path.relative(ROOT, file)}: no ${open} ... <!-- /events --> block`);
  return `${text.slice(0, start + open.length)}\n${table}\n${text.slice(end)}`;
}

/** {file: text} of both documents as the manifest makes them. */
export function eventDocs(manifest, read = (file) => readFileSync(file, 'utf8')) {
  const elements = elementsOf(manifest);
  let api = read(API_DOC);
  for (const element of elements) api = replaceBlock(api, `events:${element.tagName}`, elementEventTable(element), API_DOC);
  return { [API_DOC]: api, [README]: replaceBlock(read(README), 'events', readmeEventTable(elements), README) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of Object.entries(eventDocs(shipManifest(analyzeComponents())))) writeFileSync(file, text);
}
