// Hand-written types for what JSDoc cannot say: the elements by tag name
// (document.querySelector('vault-unlock') is a VaultUnlock) and the detail of
// each event they fire (el.addEventListener('vault-unlocked', (e) => e.detail.key)).
// scripts/bundle.mjs copies this file beside the generated
// dist/types/components/*.d.ts; components/index.js exports its event maps, so
// every import of the package loads it. Keep each map in step with the
// element's @fires and with what it dispatches.
import type { VaultUnlock } from './vault-unlock.js';
import type { NoteList } from './note-list.js';
import type { FuzzySearch, FuzzySearchResults } from './fuzzy-search.js';
import type { ProceduralTexture } from './procedural-texture.js';
import type { GlassBlur } from './glass-blur.js';

/** The detail of every failure event: the error's name (docs/api.md#errors) and a message for a person. */
export interface ErrorEventDetail {
  name: string;
  message: string;
}

/** The events of `<vault-unlock>`, with their details. */
export interface VaultUnlockEventMap extends HTMLElementEventMap {
  /** `verify`: the password is right; `derive`: the key. `ms`: Enter to answer. */
  'vault-unlocked': CustomEvent<{ ok: true; ms: number } | { key: Uint8Array; ms: number }>;
  /** `create`: the new hash (`output="hash"`) or key parameters (`output="key"`, salt in base64). */
  'vault-created': CustomEvent<
    | { hash: string; ms: number }
    | { salt: string; t: number; m: number; p: number; key: Uint8Array; ms: number }>;
  /** An attempt failed, or an attribute is malformed. */
  'vault-error': CustomEvent<ErrorEventDetail>;
}

/** The events of `<note-list>`, with their details. */
export interface NoteListEventMap extends HTMLElementEventMap {
  /** Every note was opened (or found damaged); also for an empty vault (total 0). */
  'notes-opened': CustomEvent<{ total: number; opened: number; damaged: number; ms: number }>;
  /** `lock()` emptied the list. */
  'notes-locked': CustomEvent<Record<string, never>>;
  /** `state` changed. */
  'notes-state': CustomEvent<{ state: 'empty' | 'locked' | 'opening' | 'open' | 'failed' }>;
  /** Search source: `searchUnavailable` may have changed, or the notes opened; `cleared` when the texts are gone. */
  'search-source-change': CustomEvent<{ cleared: boolean }>;
  /** One per damaged note. */
  'notes-damaged': CustomEvent<{ index: number; id: string } & ErrorEventDetail>;
  /** The whole list failed: wrong key, unreadable src, malformed JSON, bad key. */
  'notes-error': CustomEvent<ErrorEventDetail>;
  /** A note was chosen (Enter, Space or click in the list, `choose()`, or Enter in a `<fuzzy-search for>` field). */
  'notes-select': CustomEvent<{ index: number; id: string; title: string; body: string }>;
}

/** The events of `<fuzzy-search>`, with their details. */
export interface FuzzySearchEventMap extends HTMLElementEventMap {
  /** After every search. */
  'search-results': CustomEvent<FuzzySearchResults>;
  /** A result of the own list was chosen (Enter or click), or Enter chose the top result of a `for` target without `choose()`. */
  'search-select': CustomEvent<{ index: number; text: string }>;
  /** Indexing or searching failed. */
  'search-error': CustomEvent<ErrorEventDetail>;
}

/** The events of `<procedural-texture>`, with their details. */
export interface ProceduralTextureEventMap extends HTMLElementEventMap {
  /** After each band of rows is drawn. */
  'texture-progress': CustomEvent<{ done: number; total: number }>;
  /** The texture is complete. `ms`: from the request to the last band; `path`: the build that made it. */
  'texture-ready': CustomEvent<{ ms: number; path: 'simd' | 'scalar' | 'js' }>;
  /** A bad attribute (the last good texture stays) or a failed render. */
  'texture-error': CustomEvent<ErrorEventDetail>;
}

/** The events of `<glass-blur>`, with their details. */
export interface GlassBlurEventMap extends HTMLElementEventMap {
  /** The first frame of the glass is drawn (the blur worker's build), or the CSS backdrop-filter fallback took over. */
  'glass-ready': CustomEvent<{ path: 'simd' | 'scalar' | 'js' | 'css' }>;
  /** A bad attribute, a missing or unusable source, or a failed blur (the element then falls back to CSS). */
  'glass-error': CustomEvent<ErrorEventDetail>;
}

declare module './vault-unlock.js' {
  interface VaultUnlock {
    addEventListener<K extends keyof VaultUnlockEventMap>(type: K,
      listener: (this: VaultUnlock, event: VaultUnlockEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
    addEventListener(type: string, listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions): void;
    removeEventListener<K extends keyof VaultUnlockEventMap>(type: K,
      listener: (this: VaultUnlock, event: VaultUnlockEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject,
      options?: boolean | EventListenerOptions): void;
  }
}

declare module './note-list.js' {
  interface NoteList {
    addEventListener<K extends keyof NoteListEventMap>(type: K,
      listener: (this: NoteList, event: NoteListEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
    addEventListener(type: string, listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions): void;
    removeEventListener<K extends keyof NoteListEventMap>(type: K,
      listener: (this: NoteList, event: NoteListEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject,
      options?: boolean | EventListenerOptions): void;
  }
}

declare module './fuzzy-search.js' {
  interface FuzzySearch {
    addEventListener<K extends keyof FuzzySearchEventMap>(type: K,
      listener: (this: FuzzySearch, event: FuzzySearchEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
    addEventListener(type: string, listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions): void;
    removeEventListener<K extends keyof FuzzySearchEventMap>(type: K,
      listener: (this: FuzzySearch, event: FuzzySearchEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject,
      options?: boolean | EventListenerOptions): void;
  }
}

declare module './procedural-texture.js' {
  interface ProceduralTexture {
    addEventListener<K extends keyof ProceduralTextureEventMap>(type: K,
      listener: (this: ProceduralTexture, event: ProceduralTextureEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
    addEventListener(type: string, listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions): void;
    removeEventListener<K extends keyof ProceduralTextureEventMap>(type: K,
      listener: (this: ProceduralTexture, event: ProceduralTextureEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject,
      options?: boolean | EventListenerOptions): void;
  }
}

declare module './glass-blur.js' {
  interface GlassBlur {
    addEventListener<K extends keyof GlassBlurEventMap>(type: K,
      listener: (this: GlassBlur, event: GlassBlurEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
    addEventListener(type: string, listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions): void;
    removeEventListener<K extends keyof GlassBlurEventMap>(type: K,
      listener: (this: GlassBlur, event: GlassBlurEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject,
      options?: boolean | EventListenerOptions): void;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'vault-unlock': VaultUnlock;
    'note-list': NoteList;
    'fuzzy-search': FuzzySearch;
    'procedural-texture': ProceduralTexture;
    'glass-blur': GlassBlur;
  }
}
