// A fresh Node process for one contender of one calls job (bench/calls.mjs forks it: the "first" call is the
// first in this process). Messages from the parent: {op: 'first' | 'idle' | 'row'} for the session, {op: 'collect'} (a full collection: forked with --expose-gc), or
// {op: 'kernel', module, contender, case} for our kernel alone; each answered with {ok, value} or {ok: false, error}.
// argv: jobId who entryPath vaultPath
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeEnv } from '../lib/node-env.mjs';
import { jobById } from './jobs.mjs';
import { callSession, kernelRow } from './situations.mjs';

const [jobId, who, entry, vaultFile] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '../..');
let vault;
const ctx = {
  api: () => import(pathToFileURL(entry).href),
  vault: async () => {
    vault ??= JSON.parse(await readFile(vaultFile, 'utf8'), (key, value) => (key === 'deviceKey' ? new Uint8Array(value) : value));
    return vault;
  },
};
const session = who === 'kernel' ? undefined : callSession(jobById(jobId), who, ctx);
const ready = session?.prepare();

process.on('message', async (message) => {
  try {
    await ready;
    let value;
    if (message.op === 'kernel') {
      const { default: definition } = await import(pathToFileURL(path.join(root, 'bench', `${message.module}.mjs`)).href);
      value = await kernelRow(definition, message, nodeEnv(root));
      value = { ms: value.ms };
    } else if (message.op === 'collect') globalThis.gc?.();
    else value = await session[message.op]();
    process.send({ ok: true, value });
  } catch (error) {
    process.send({ ok: false, error: String(error?.stack ?? error) });
  }
});
process.send({ ok: true, value: 'ready' });
