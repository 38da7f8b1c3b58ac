// Kernels the module benches do not time alone, for `npm run bench -- calls`
// (bench/calls/situations.mjs kernelRow): one keystroke's query on a built wasm
// word index (the search bench times whole replays).
import { WasmSearchIndex } from '../../worker/search-ops.js';
import { realCorpus } from '../search/real-corpus.mjs';
import { QUERY } from './jobs.mjs';

export default {
  title: 'kernels timed alone for the calls bench',
  contenders: {
    'search-keystroke': {
      label: 'ours: wasm word index (SIMD), one query',
      async setup(env) {
        const index = new WasmSearchIndex(await env.emscripten('search', { simd: true }), realCorpus(5000));
        return { run: ({ query }) => index.search(query), close: () => index.destroy() };
      },
    },
  },
  cases: () => [{ id: 'keystroke', params: { query: QUERY }, contenders: ['search-keystroke'], baseline: 'search-keystroke' }],
};
