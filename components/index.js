// Importing this module defines every element and exposes the plain JS API.
// Where there is no DOM (server-side rendering in Node) it defines nothing and
// throws nothing; the elements come alive when the same import runs in a browser.
import { VaultUnlock } from './vault-unlock.js';
import { FuzzySearch } from './fuzzy-search.js';
import { NoteList } from './note-list.js';
import { ProceduralTexture } from './procedural-texture.js';
import { GlassBlur } from './glass-blur.js';
import { canDefineElements } from './internal/element-base.js';

export * from '../api/index.js';
export { VaultUnlock, FuzzySearch, NoteList, ProceduralTexture, GlassBlur };
// The elements' words in another language (docs/api.md, "Languages").
export { registerTranslation } from './internal/localize.js';

// The elements' event maps (components/elements.d.ts, which also maps their
// tag names): exported as types, they bring that file into every consumer's types.
/** @typedef {import('./elements.js').VaultUnlockEventMap} VaultUnlockEventMap */
/** @typedef {import('./elements.js').NoteListEventMap} NoteListEventMap */
/** @typedef {import('./elements.js').FuzzySearchEventMap} FuzzySearchEventMap */
/** @typedef {import('./elements.js').ProceduralTextureEventMap} ProceduralTextureEventMap */
/** @typedef {import('./elements.js').GlassBlurEventMap} GlassBlurEventMap */
/** @typedef {import('./elements.js').ErrorEventDetail} ErrorEventDetail */

/** Defines the elements under their standard names (idempotent). */
export function defineAll(registry = globalThis.customElements) {
  for (const [name, element] of [['vault-unlock', VaultUnlock], ['fuzzy-search', FuzzySearch], ['note-list', NoteList],
    ['procedural-texture', ProceduralTexture], ['glass-blur', GlassBlur]]) {
    if (!registry.get(name)) registry.define(name, element);
  }
}

if (canDefineElements) defineAll();
