// Packs the MV3 extension: build/extension/ (unpacked, loadable with
// --load-extension) and build/memento-vault-extension.zip (the same files),
// then the Firefox build beside it: build/extension-firefox/ and
// build/memento-vault-extension-firefox.zip, the same files under a manifest
// with background.scripts (Firefox has no background service worker: the
// same script runs as an event page) and browser_specific_settings.gecko.id.
// The popup is bundled by esbuild with the package's own esbuild plugin, as a
// user's app would be: the plugin puts dist/workers/ and dist/wasm/ beside it.
// Run by scripts/bundle.mjs after dist/ is built, or alone: node scripts/pack-extension.mjs
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mementoElements } from '../bundlers/esbuild.js';
import { writeIcons } from './extension-icons.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'build/extension');
const zipFile = path.join(root, 'build/memento-vault-extension.zip');
const firefoxOut = path.join(root, 'build/extension-firefox');
const firefoxZip = path.join(root, 'build/memento-vault-extension-firefox.zip');
export const GECKO_ID = 'memento-vault@memento-elements.dev';
const STATIC = ['manifest.json', 'popup.html', 'popup.css', 'offscreen.html'];

if (!existsSync(path.join(root, 'dist/wasm'))) throw new Error('dist/wasm is missing: run `sh scripts/build.sh` first');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const common = { absWorkingDir: root, bundle: true, format: 'esm', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'warning' };
const popup = await build({
  ...common,
  entryPoints: { popup: 'extension/popup.js' },
  outdir: out,
  splitting: true,
  metafile: true,
  plugins: [mementoElements()],
});
// The service worker is one self-contained file: it must start fast and load nothing else. So is the offscreen document's script.
await build({ ...common, entryPoints: ['extension/background.js'], outfile: path.join(out, 'background.js') });
await build({ ...common, entryPoints: ['extension/offscreen.js'], outfile: path.join(out, 'offscreen.js') });
writeIcons(out);

for (const file of STATIC) copyFileSync(path.join(root, 'extension', file), path.join(out, file));

// Only what the popup runs: the plugin copies every worker and wasm of the
// package; the modules the popup bundles (api/modules/<name>.js, each naming
// its worker, wasm and fallback files) say which ones it can start.
// (A file esbuild visited but tree-shook away has no bytes in any output.)
const bundled = new Set(Object.values(popup.metafile.outputs)
  .flatMap((output) => Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([file]) => file)));
const bundledModules = [...bundled].filter((file) => /^api\/modules\/[\w-]+\.js$/.test(file));
const shipped = new Set(bundledModules.flatMap((file) => [...readFileSync(path.join(root, file), 'utf8')
  .matchAll(/new URL\('\.\/((?:workers|wasm)\/[^']+)'/g)].map((found) => found[1])));
for (const folder of ['workers', 'wasm']) {
  for (const name of readdirSync(path.join(out, folder))) {
    if (!shipped.has(`${folder}/${name}`)) rmSync(path.join(out, folder, name));
  }
}

// The licence notices of everything shipped: this package's, and each npm
// package bundled into the popup or into a worker it ships (from the
// metafile, and from the source maps dist/workers/ was built with).
const packageOf = (source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
const packages = new Set([...bundled].map(packageOf).filter(Boolean));
for (const name of readdirSync(path.join(out, 'workers'))) {
  const map = path.join(root, 'dist/workers', `${name}.map`);
  if (existsSync(map)) for (const source of JSON.parse(readFileSync(map, 'utf8')).sources) if (packageOf(source)) packages.add(packageOf(source));
}
const notices = [`memento-elements (this extension)\n\n${readFileSync(path.join(root, 'LICENSE'), 'utf8')}`];
for (const name of [...packages].sort()) {
  const dir = path.join(root, 'node_modules', name);
  const licence = readdirSync(dir).find((file) => /^licen[cs]e/i.test(file));
  if (!licence) throw new Error(`${name} is bundled into the extension but has no LICENSE file to ship`);
  const { version, license } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  notices.push(`${name} ${version} (${license})\n\n${readFileSync(path.join(dir, licence), 'utf8')}`);
}
writeFileSync(path.join(out, 'LICENSES.txt'), `${notices.join(`\n${'-'.repeat(72)}\n\n`)}`);

// The CSP forbids eval: refuse to pack code that would need it.
const scripts = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (name.endsWith('.js')) scripts.push(file);
  }
};
walk(out);
for (const file of scripts) {
  if (/\bnew Function\s*\(|[^.\w]eval\s*\(/.test(readFileSync(file, 'utf8'))) {
    throw new Error(`${path.relative(root, file)} contains eval or new Function, which the extension's CSP forbids`);
  }
}

/** The Chromium manifest as Firefox (140 ESR and later) takes it. */
function firefoxManifest(manifest) {
  const { key, minimum_chrome_version: minimumChrome, background, ...rest } = manifest;
  return {
    ...rest,
    // offscreen is Chromium's: Firefox's background page has a document of its own.
    permissions: manifest.permissions.filter((permission) => permission !== 'offscreen'),
    background: { scripts: [background.service_worker], type: background.type },
    // addons.mozilla.org asks every new add-on what it collects: nothing leaves the browser.
    // The key is read from Firefox 140 (Android 142) on: the versions asked for.
    browser_specific_settings: {
      gecko: { id: GECKO_ID, strict_min_version: '140.0', data_collection_permissions: { required: ['none'] } },
      gecko_android: { strict_min_version: '142.0' },
    },
  };
}

rmSync(firefoxOut, { recursive: true, force: true });
cpSync(out, firefoxOut, { recursive: true });
rmSync(path.join(firefoxOut, 'offscreen.html'));
rmSync(path.join(firefoxOut, 'offscreen.js'));
const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
writeFileSync(path.join(firefoxOut, 'manifest.json'), `${JSON.stringify(firefoxManifest(manifest), null, 2)}\n`);

for (const [folder, zip] of [[out, zipFile], [firefoxOut, firefoxZip]]) {
  rmSync(zip, { force: true });
  execFileSync('zip', ['-q', '-r', '-X', zip, '.'], { cwd: folder });
  const files = readdirSync(folder, { recursive: true }).filter((name) => name.endsWith('.js')).length;
  console.log(`extension: ${path.relative(root, folder)} (${files} scripts), ${path.relative(root, zip)} ${(statSync(zip).size / 1024).toFixed(0)} KiB`);
}
