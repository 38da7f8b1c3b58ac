// The demo vault's plaintext notes: deterministic (the same 5,000 notes on
// every visit), ordinary garden-notebook words plus a few non-ASCII ones, and
// one note that the search demo looks for: "Kubernetes upgrade checklist".
// No other note holds a word near "kubernetes" or "upgrade".
import { seededRandom } from '../bench/lib/seeded-random.mjs';

const WORDS = ('the of and to in is it for on with as at by from this that we our your moon night garden path stone '
  + 'lantern river bridge willow fern moss petal seed root leaf bloom frost dew mist owl moth firefly cricket pond '
  + 'water light shadow silver green violet quiet window letter recipe kitchen bread honey tea soup market list '
  + 'travel train ticket station hotel map coast island harbour boat sail weather rain wind cloud storm sunrise '
  + 'meeting notes project budget report quarterly invoice draft plan review idea question answer friend family '
  + 'birthday gift music piano song book chapter poem story museum gallery walk morning evening weekend monday '
  + 'friday remember call write read plant water prune harvest rake compost trellis greenhouse orchard apple pear '
  + 'plum cherry rose tulip lily jasmine thyme basil mint sage rosemary password vault key lock door gate fence').split(' ');
const EXTRA = ['café', 'naïve', 'crème brûlée', 'Zürich', 'smörgåsbord', 'jalapeño', 'résumé', 'θάλασσα', 'заметка', '東京', '🌙'];

export const NOTE_COUNT = 5000;
/** The note the search demo finds with a typo'd query ("kubernets upgrde"). */
export const NEEDLE = {
  index: 3217,
  title: 'Kubernetes upgrade checklist',
  body: 'Drain each node, upgrade the control plane first, then the kubelets; keep an etcd snapshot and a way back.',
};

/**
 * The vault's notes one at a time: `next()` returns note 0, 1, 2, ... {id, title, body}, about 90 words a body.
 * The page makes them between frames (demo/vault.js): all 5,000 at once are a 60-400 ms task.
 */
export function vaultNoteMaker() {
  const random = seededRandom(0x6d656d);
  const word = () => (random() < 0.02 ? EXTRA[Math.floor(random() * EXTRA.length)] : WORDS[Math.floor(random() * random() * WORDS.length)]);
  const words = (n) => Array.from({ length: n }, word).join(' ');
  let i = 0;
  return function next() {
    const id = `note-${i}`;
    if (i++ === NEEDLE.index) return { id, title: NEEDLE.title, body: NEEDLE.body };
    const title = words(2 + Math.floor(random() * 4));
    return { id, title: title.charAt(0).toUpperCase() + title.slice(1), body: `${words(60 + Math.floor(random() * 60))}.` };
  };
}

/** The first `count` notes of the vault, in one go (the benchmarks, which are not timed while making them). */
export function vaultNotes(count = NOTE_COUNT) {
  const next = vaultNoteMaker();
  return Array.from({ length: count }, next);
}
