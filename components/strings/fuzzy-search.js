// <fuzzy-search>'s words: the English table (the default) and the French one.

export const en = {
  'search.label': 'Search',
  'search.results': 'Results',
  'search.count': ({ n, count }) => `${count} ${new Intl.PluralRules('en').select(n) === 'one' ? 'result' : 'results'}`,
};

export const fr = {
  'search.label': 'Rechercher',
  'search.results': 'Résultats',
  'search.count': ({ n, count }) => `${count}\u00a0${new Intl.PluralRules('fr').select(n) === 'one' ? 'résultat' : 'résultats'}`,
};
