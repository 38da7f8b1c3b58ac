// The peers of the relevance benchmark, each set up as its documentation says
// for typo-tolerant search, each answering note ids in its own rank order.
import MiniSearch from 'minisearch';
import uFuzzy from '@leeoniya/ufuzzy';
import * as FlexSearchModule from 'flexsearch';

const FlexSearch = FlexSearchModule.default ?? FlexSearchModule;

export const PEERS = {
  minisearch: {
    label: 'MiniSearch (`fuzzy: 0.2, prefix: true`)',
    make(texts) {
      const index = new MiniSearch({ fields: ['text'], searchOptions: { fuzzy: 0.2, prefix: true } });
      index.addAll(texts.map((text, id) => ({ id, text })));
      return (query) => index.search(query).map((hit) => hit.id);
    },
  },
  ufuzzy: {
    label: 'uFuzzy (`intraMode: 1`)',
    make(texts) {
      const u = new uFuzzy({ intraMode: 1 });
      // search() -> [matching indices, info, order]: ranked by `order` when it ranked them (few enough matches).
      return (query) => {
        const [ids, , order] = u.search(texts, query);
        if (!ids) return [];
        return order ? order.map((i) => ids[i]) : Array.from(ids);
      };
    },
  },
  flexsearch: {
    label: "FlexSearch (`tokenize: 'forward'`, LatinBalance)",
    make(texts) {
      const index = new FlexSearch.Index({ tokenize: 'forward', encoder: FlexSearch.Charset.LatinBalance });
      texts.forEach((text, i) => index.add(i, text));
      return (query) => index.search(query, { limit: texts.length });
    },
  },
};
