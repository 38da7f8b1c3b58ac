// Packs the MV3 extension: build/extension/ (unpacked, loadable with
// --load-extension) and dist/memento-vault-extension.zip (the same files).
// The popup and the workers it starts are bundled by esbuild into the dist
// layout the worker runtime expects (workers/<name>.js and wasm/ next to the
// code that starts them); the wasm files are copied from dist/wasm. Run by
// scripts/bundle.mjs after dist/ is built, or alone: node scripts/pack-extension.mjs
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'build/extension');
const zipFile = path.join(root, 'dist/memento-vault-extension.zip');
// The modules the popup uses; notes also wraps the device key (wrapKey/unwrapKey in api/notes.js).
const WORKERS = ['argon2', 'notes', 'search'];
const STATIC = ['manifest.json', 'popup.html', 'popup.css'];

const wasmDir = path.join(root, 'dist/wasm');
if (!existsSync(wasmDir)) throw new Error('dist/wasm is missing: run `sh scripts/build.sh` first');

rmSync(out, { recursive: true, force: true });
mkdirSync(path.join(out, 'wasm'), { recursive: true });

const common = { absWorkingDir: root, bundle: true, format: 'esm', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'warning' };
await build({
  ...common,
  entryPoints: {
    popup: 'extension/popup.js',
    ...Object.fromEntries(WORKERS.map((name) => [`workers/${name}`, `worker/${name}.js`])),
  },
  outdir: out,
  splitting: true,
});
// The service worker is one self-contained file: it must start fast and load nothing else.
await build({ ...common, entryPoints: ['extension/background.js'], outfile: path.join(out, 'background.js') });

for (const file of STATIC) copyFileSync(path.join(root, 'extension', file), path.join(out, file));
for (const file of readdirSync(wasmDir).filter((f) => f.endsWith('.wasm'))) {
  copyFileSync(path.join(wasmDir, file), path.join(out, 'wasm', file));
}

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

rmSync(zipFile, { force: true });
execFileSync('zip', ['-q', '-r', '-X', zipFile, '.'], { cwd: out });
const size = statSync(zipFile).size;
console.log(`extension: build/extension (${scripts.length} scripts), ${path.relative(root, zipFile)} ${(size / 1024).toFixed(0)} KiB`);
