// The worker of bench/ab/notes-cpu.mjs: opens the vault it is sent with two builds' openNotes(), one call per message.
const apis = {};
let vault;
self.onmessage = async ({ data }) => {
  if (data.op === 'load') {
    vault = data.vault;
    vault.deviceKey = new Uint8Array(vault.deviceKey);
    for (const [name, dir] of Object.entries(data.dirs)) apis[name] = await import(`/iso/${dir}/api.js`);
    self.postMessage('ok');
    return;
  }
  const start = performance.now();
  const r = await apis[data.build].openNotes(vault.notes, vault.deviceKey);
  const ms = performance.now() - start;
  let chars = 0;
  for (const n of r) chars += n.error ? 0 : n.title.length + n.body.length;
  self.postMessage({ ms, chars });
};
