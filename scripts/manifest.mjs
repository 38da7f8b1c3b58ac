// custom-elements.json, the one description of the elements that every
// generated type (components/elements.d.ts, the React, Vue and Svelte typings)
// and list is made from. The analyzer reads the JSDoc of components/*.js
// (@tagname, @attr, @prop, @fires, @csspart, @cssprop); shipManifest() then
// describes what users get.
//   node scripts/manifest.mjs   writes custom-elements.json
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, ts } from '@custom-elements-manifest/analyzer';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The module the manifest names: the elements reach users through dist/index.js. */
const SHIPPED = 'dist/index.js';

/** The analyzer's manifest of components/*.js (the library call of `cem analyze`, which would also rewrite package.json). */
export function analyzeComponents(root = ROOT) {
  const files = readdirSync(path.join(root, 'components')).filter((f) => f.endsWith('.js')).sort();
  const modules = files.map((file) => ts.createSourceFile(`components/${file}`,
    readFileSync(path.join(root, 'components', file), 'utf8'), ts.ScriptTarget.ES2015, true));
  return create({ modules, plugins: [], context: {} });
}

const camelCase = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/**
 * The analyzer's manifest as the package ships it: one module, dist/index.js,
 * with each element class, its export and its tag's definition; and each
 * attribute linked to the property that reflects it (`fieldName` / `attribute`:
 * the property named like the attribute, or documented as "Reflects `attr`"),
 * which the framework generators need to type a prop once, not twice.
 */
export function shipManifest(analyzed) {
  const declarations = analyzed.modules.flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.kind === 'class' || declaration.name === 'defineAll')
    .map(linkAttributes);
  const exported = (name) => ({ name, module: SHIPPED });
  return {
    ...analyzed,
    modules: [{
      kind: 'javascript-module',
      path: SHIPPED,
      declarations,
      exports: [
        ...declarations.map(({ name }) => ({ kind: 'js', name, declaration: exported(name) })),
        ...declarations.filter((d) => d.tagName).map((d) => ({ kind: 'custom-element-definition', name: d.tagName, declaration: exported(d.name) })),
      ],
    }],
  };
}

function linkAttributes(declaration) {
  if (!declaration.attributes) return declaration;
  const fields = (declaration.members ?? []).filter((m) => m.kind === 'field' && !m.static && !m.readonly && !m.privacy);
  const reflecting = (attr) => fields.find((f) => f.name.toLowerCase() === camelCase(attr.name).toLowerCase())
    ?? fields.find((f) => new RegExp(`^Reflects \`${attr.name}\``).test(f.description ?? ''));
  const links = new Map(declaration.attributes.map((attr) => [attr, attr.fieldName ?? reflecting(attr)?.name]));
  return {
    ...declaration,
    attributes: declaration.attributes.map((attr) => (links.get(attr) ? { ...attr, fieldName: links.get(attr) } : attr)),
    members: declaration.members?.map((member) => {
      const attr = declaration.attributes.find((a) => links.get(a) === member.name && member.kind === 'field');
      return attr ? { ...member, attribute: attr.name } : member;
    }),
  };
}

/** The elements of a (shipped) manifest: [{tagName, name, events, ...}], in tag order. */
export function elementsOf(manifest) {
  return manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

export function writeManifest(root = ROOT) {
  const manifest = shipManifest(analyzeComponents(root));
  writeFileSync(path.join(root, 'custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeManifest();
