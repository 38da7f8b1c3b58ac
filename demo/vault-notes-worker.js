// The demo vault's plaintext notes, made in a worker of their own: making all
// 5,000 takes 60-400 ms of script here, which would otherwise run on the page
// while it loads. Posts them in batches, in order, as demo/vault.js asks:
//   {batch: n} -> {notes: [...n notes]} (the next n of the 5,000; fewer at the end)
import { NOTE_COUNT, vaultNoteMaker } from '../fixtures/vault-corpus.js';

const next = vaultNoteMaker();
let made = 0;

self.onmessage = ({ data: { batch } }) => {
  const notes = [];
  while (notes.length < batch && made < NOTE_COUNT) {
    notes.push(next());
    made++;
  }
  self.postMessage({ notes });
};
