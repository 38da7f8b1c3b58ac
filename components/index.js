// Importing this module defines every element and exposes the plain JS API.
import { VaultUnlock } from './vault-unlock.js';
import { FuzzySearch } from './fuzzy-search.js';
import { NoteList } from './note-list.js';

export * from '../api/index.js';
export { VaultUnlock, FuzzySearch, NoteList };

/** Defines the elements under their standard names (idempotent). */
export function defineAll(registry = customElements) {
  for (const [name, element] of [['vault-unlock', VaultUnlock], ['fuzzy-search', FuzzySearch], ['note-list', NoteList]]) {
    if (!registry.get(name)) registry.define(name, element);
  }
}

defineAll();
