// Every element's strings table: English (the default, and what a term
// missing from another language falls back to) and French. Registered by the
// first element made (internal/localize.js), not at import: the package
// declares its modules free of side effects, and bundlers drop a bare import.
import * as vaultUnlock from './vault-unlock.js';
import * as noteList from './note-list.js';
import * as fuzzySearch from './fuzzy-search.js';
import * as proceduralTexture from './procedural-texture.js';

const TABLES = [vaultUnlock, noteList, fuzzySearch, proceduralTexture];

/** The English terms of every element (what a translation gives keys for). */
export const ENGLISH = { $code: 'en', $name: 'English', $dir: 'ltr', ...Object.assign({}, ...TABLES.map((t) => t.en)) };
/** The French terms of every element. */
export const FRENCH = { $code: 'fr', $name: 'Français', $dir: 'ltr', ...Object.assign({}, ...TABLES.map((t) => t.fr)) };
