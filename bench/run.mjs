// npm run bench -- <module> [--engine=node|chromium|<extra>|all] [--quick] [--contenders=a,b] [--cases=x,y]
// Runs bench/<module>.mjs (see bench/lib/harness.mjs for what a module declares).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBench } from './lib/harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A module is a bench/*.mjs with a default export; other files there (helpers,
// stand-alone scripts) are not run from here; the A/B scripts live in bench/ab/.
const modules = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs'
    && /^export default\b/m.test(readFileSync(path.join(root, 'bench', f), 'utf8')))
  .map((f) => f.slice(0, -'.mjs'.length));

function usage(message) {
  if (message) console.error(`bench: ${message}`);
  console.error('usage: npm run bench -- <module> [--engine=node|chromium|all] [--quick] [--contenders=id,id] [--cases=id,id]'
    + `\n  modules: ${modules.join(', ')}`);
  process.exit(2);
}

const options = { engine: 'all', quick: false };
const positional = [];
for (const arg of process.argv.slice(2)) {
  if (arg === '--quick') options.quick = true;
  else if (arg.startsWith('--engine=')) options.engine = arg.slice('--engine='.length);
  else if (arg.startsWith('--contenders=')) options.contenders = arg.slice('--contenders='.length).split(',');
  else if (arg.startsWith('--cases=')) options.caseIds = arg.slice('--cases='.length).split(',');
  else if (arg === '--help' || arg === '-h') usage();
  else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
  else positional.push(arg);
}
if (positional.length !== 1) usage('name one module');
if (!modules.includes(positional[0])) usage(`no bench module "${positional[0]}"`);

try {
  // A module with its own run() is a scenario (bench/open.mjs), not contenders in alternation.
  const { default: definition } = await import(`./${positional[0]}.mjs`);
  if (typeof definition.run === 'function') await definition.run({ root, ...options });
  else await runBench({ root, module: positional[0], ...options });
} catch (error) {
  console.error(`bench ${positional[0]} failed: ${error.stack ?? error}`);
  process.exitCode = 1;
}
