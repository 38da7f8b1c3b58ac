// The start-up page of `npm run bench -- calls` (bench/calls/startup.mjs): ?element=<name>&failure=<its error event>. Its fixtures are made
// first (the sky canvas, the 5,000 texts, the sealed vault); then window.showFirst() imports the package
// (dist/index.js: it defines the five elements) and puts one element on the page, configured as the docs show,
// and resolves with the ms to the element's first result (its event). The runner counts the bytes and the
// main-thread time around that call.
import { realCorpus } from '../search/real-corpus.mjs';

const params = new URLSearchParams(location.search);
const element = params.get('element');
const failure = params.get('failure');
const sky = document.getElementById('sky').getContext('2d');
const gradient = sky.createLinearGradient(0, 0, 720, 450);
gradient.addColorStop(0, '#0b1d3a');
gradient.addColorStop(1, '#7fd1b9');
sky.fillStyle = gradient;
sky.fillRect(0, 0, 720, 450);

const fixtures = {
  'fuzzy-search': () => realCorpus(5000),
  'note-list': async () => {
    const json = await (await fetch('/iso/build/bench/calls/vault-5000.json')).json();
    return { notes: json.notes, deviceKey: new Uint8Array(json.deviceKey) };
  },
};
const fixture = await fixtures[element]?.();

/** The element, configured; resolves once its first result's event fired. */
const SHOW = {
  'procedural-texture': (stage) => event(stage, '<procedural-texture kind="stone-wall" size="1024" seed="7"></procedural-texture>', 'texture-ready'),
  'glass-blur': (stage) => event(stage, '<glass-blur source="sky" radius="8" style="position: fixed; top: 0; left: 0; width: 720px; height: 64px"></glass-blur>', 'glass-ready'),
  'fuzzy-search': (stage) => event(stage, '<fuzzy-search label="Search"></fuzzy-search>', 'search-results', (search) => {
    search.documents = fixture;
    search.value = 'quartely';
  }),
  'note-list': (stage) => event(stage, '<note-list></note-list>', 'notes-opened', (list) => {
    list.notes = fixture.notes;
    list.deviceKey = fixture.deviceKey;
  }),
  'vault-unlock': (stage) => event(stage, '<vault-unlock mode="derive" salt="AAECAwQFBgcICQoLDA0ODw==" t="3" m="65536"></vault-unlock>', 'vault-unlocked', (unlock) => {
    const input = unlock.shadowRoot.getElementById('password');
    input.value = 'correct horse battery staple';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    unlock.shadowRoot.querySelector('form').requestSubmit();
  }),
};

function event(stage, html, name, configure) {
  stage.innerHTML = html;
  const node = stage.firstElementChild;
  const done = new Promise((resolve, reject) => {
    node.addEventListener(name, resolve, { once: true });
    node.addEventListener(failure, ({ detail }) => reject(new Error(`${element}: ${failure} ${detail?.message ?? ''}`)), { once: true });
  });
  configure?.(node);
  return done;
}

window.showFirst = async () => {
  if (!SHOW[element]) throw new Error(`<${element}> is in modules.json but not in bench/calls/startup.js's SHOW: say how it shows its first result`);
  const start = performance.now();
  await import('/iso/dist/index.js');
  await SHOW[element](document.getElementById('stage'));
  return performance.now() - start;
};
window.startupReady = true;
