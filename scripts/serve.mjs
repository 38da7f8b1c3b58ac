// The live demo: serves the repository on http://127.0.0.1:PORT until Ctrl-C.
//   node scripts/serve.mjs [--port N]     (or PORT=N; default 8080, 0 for any free port)
// /demo/ is the page; /iso/demo/ is the same page cross-origin isolated.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startServer } from './server.mjs';

function portArgument(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') return argv[i + 1];
    if (argv[i].startsWith('--port=')) return argv[i].slice('--port='.length);
  }
  return process.env.PORT ?? '8080';
}

const text = portArgument(process.argv.slice(2));
const port = Number(text);
if (!/^\d+$/.test(String(text)) || port > 65535) {
  console.error(`serve: the port must be a number from 0 to 65535, got "${text}"`);
  process.exit(2);
}
if (!existsSync(path.join(REPO_ROOT, 'dist/index.js'))) {
  console.warn('serve: dist/ is not built yet; run `npm run build` (the demo needs it)');
}

let server;
try {
  server = await startServer({ port, compress: true });
} catch (error) {
  console.error(error.code === 'EADDRINUSE'
    ? `serve: port ${port} is in use; pick another with --port N or PORT=N`
    : `serve: ${error.message}`);
  process.exit(1);
}
console.log(`memento-elements demo: ${server.url}/demo/`);
console.log(`  cross-origin isolated: ${server.url}/iso/demo/`);
console.log('  press Ctrl-C to stop');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
