// <note-list>'s words: the English table (the default) and the French one.
// Counts come as {n, count}: the number, and the number formatted for the
// element's language; plurals through Intl.PluralRules of the table's language.

const en1 = (n) => new Intl.PluralRules('en').select(n) === 'one';
const fr1 = (n) => new Intl.PluralRules('fr').select(n) === 'one';
const notesEn = ({ n, count }) => `${count} ${en1(n) ? 'note' : 'notes'}`;
const notesFr = ({ n, count }) => `${count}\u00a0${fr1(n) ? 'note' : 'notes'}`;

export const en = {
  'notes.label': 'Notes',
  'notes.loading': 'Loading notes…',
  'notes.lockedCount': (c) => `${notesEn(c)}, locked.`,
  'notes.opening': (c) => `Opening ${notesEn(c)}…`,
  'notes.locked': 'Locked.',
  'notes.emptyVault': 'This vault has no notes yet.',
  'notes.wrongKey': (c) => `Wrong key: none of the ${notesEn(c)} opens with this key.`,
  'notes.opened': (c) => `${notesEn(c)}.`,
  'notes.openedDamaged': ({ opened, damaged }) => `${notesEn(opened)} opened, ${damaged.count} damaged ${en1(damaged.n) ? 'note' : 'notes'}.`,
  'notes.noMatch': ({ query }) => `No note matches “${query}”.`,
  'notes.matches': ({ shown, total }) => `${shown.count} of ${notesEn(total)}.`,
  'notes.rowOpening': 'Opening…',
  'notes.rowDamaged': 'Damaged note',
  'notes.rowUntitled': 'Untitled',
  'notes.loadFailed': ({ status }) => `Could not load the notes (HTTP ${status}).`,
  'notes.notJson': ({ detail }) => `The notes file is not valid JSON: ${detail}`,
  'notes.searchLocked': 'The notes are locked: unlock them to search.',
  'notes.searchFailed': 'The notes could not be opened: there is nothing to search.',
  'notes.searchEmpty': 'There are no notes to search.',
};

export const fr = {
  'notes.label': 'Notes',
  'notes.loading': 'Chargement des notes…',
  'notes.lockedCount': (c) => `${notesFr(c)}, ${fr1(c.n) ? 'verrouillée' : 'verrouillées'}.`,
  'notes.opening': (c) => `Ouverture de ${notesFr(c)}…`,
  'notes.locked': 'Verrouillée.',
  'notes.emptyVault': 'Ce coffre n’a encore aucune note.',
  'notes.wrongKey': (c) => `Mauvaise clé\u00a0: aucune des ${notesFr(c)} ne s’ouvre avec cette clé.`,
  'notes.opened': (c) => `${notesFr(c)}.`,
  'notes.openedDamaged': ({ opened, damaged }) => `${notesFr(opened)} ${fr1(opened.n) ? 'ouverte' : 'ouvertes'}, `
    + `${notesFr(damaged)} ${fr1(damaged.n) ? 'endommagée' : 'endommagées'}.`,
  'notes.noMatch': ({ query }) => `Aucune note ne correspond à «\u00a0${query}\u00a0».`,
  'notes.matches': ({ shown, total }) => `${shown.count} sur ${notesFr(total)}.`,
  'notes.rowOpening': 'Ouverture…',
  'notes.rowDamaged': 'Note endommagée',
  'notes.rowUntitled': 'Sans titre',
  'notes.loadFailed': ({ status }) => `Impossible de charger les notes (HTTP ${status}).`,
  'notes.notJson': ({ detail }) => `Le fichier des notes n’est pas du JSON valide\u00a0: ${detail}`,
  'notes.searchLocked': 'Les notes sont verrouillées\u00a0: déverrouillez-les pour chercher.',
  'notes.searchFailed': 'Les notes n’ont pas pu être ouvertes\u00a0: il n’y a rien à chercher.',
  'notes.searchEmpty': 'Il n’y a aucune note à chercher.',
};
