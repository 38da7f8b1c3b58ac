// The elements' words in the page's language, after Shoelace: each element's
// strings table (components/strings/), a registry of translations
// (@shoelace-style/localize, bundled into dist/, so the registry is the
// package's own), and the language an element speaks: the nearest `lang`
// (the element's, then its ancestors' across shadow roots, then the
// document's), else the browser's. The library reads only the element's own
// lang and <html>'s, so lang() is the package's; a change of any `lang` in the
// document, or a translation registered, makes every connected element say
// its words again.
import { LocalizeController, registerTranslation as register, update } from '@shoelace-style/localize';
import { ENGLISH, FRENCH } from '../strings/index.js';
import { formatNumberIn } from '../../common/number-format.js';

let registered = false;

/** The nearest `lang` of `element`: its own, an ancestor's (crossing shadow roots), the document's, else the browser's. */
export function nearestLang(element) {
  for (let node = element; node;) {
    if (node.lang) return node.lang;
    node = node.parentElement ?? node.getRootNode?.().host;
  }
  return globalThis.document?.documentElement.lang || globalThis.navigator?.language || 'en';
}

let langObserver;

// Any lang attribute of the document changing (not only <html>'s): the elements say their words again.
function observeLangChanges() {
  if (langObserver || typeof MutationObserver !== 'function') return;
  langObserver = new MutationObserver(() => update());
  langObserver.observe(document, { subtree: true, attributes: true, attributeFilter: ['lang'] });
}

// The library's controller, speaking the nearest lang (the library's own lang() reads only the element's and <html>'s).
class NearestLangController extends LocalizeController {
  /** The element's language as a lowercase BCP 47 tag ('en' for one that is no locale). */
  lang() {
    const lang = String(nearestLang(this.host)).toLowerCase().replace(/_/g, '-');
    try {
      new Intl.Locale(lang);
      return lang;
    } catch {
      return 'en';
    }
  }
}

/**
 * An element's language and words. It holds the library's controller rather than extending it, so that the
 * package's type declarations name nothing of @shoelace-style/localize (bundled into dist/, not a dependency: a
 * consumer's strict tsc could not find it).
 */
export class ElementLocalize {
  #controller;

  /** @param {HTMLElement} host */
  constructor(host) {
    // English first: the library falls back to the first translation registered.
    if (!registered) register(ENGLISH, FRENCH);
    registered = true;
    this.#controller = new NearestLangController(host);
  }

  hostConnected() {
    observeLangChanges();
    this.#controller.hostConnected();
  }

  hostDisconnected() {
    this.#controller.hostDisconnected();
  }

  /** The element's language as a lowercase BCP 47 tag ('en' for one that is no locale). @returns {string} */
  lang() {
    return this.#controller.lang();
  }

  /** The term `key` of the strings tables in the element's language, given `args`. @returns {string} */
  term(key, args) {
    return this.#controller.term(key, args);
  }
}

/**
 * Registers translations of the elements' strings: `{$code: 'de', $name: 'Deutsch', $dir: 'ltr', ...terms}`, the
 * terms keyed as in components/strings/en.js (docs/api.md, "Languages"). A term missing from a translation falls back
 * to English; registering again for the same code adds to it. Every element on the page says its words again.
 * @param {...{$code: string, $name: string, $dir: 'ltr' | 'rtl', [term: string]: unknown}} translations
 */
export function registerTranslation(...translations) {
  if (!registered) register(ENGLISH, FRENCH);
  registered = true;
  register(...translations);
}

/** `n` formatted for `lang` ("5,000", "5 000"); English without Intl (common/number-format.js). */
export function formatNumber(lang, n, options) {
  return formatNumberIn(lang, n, options);
}

/** The plural category of `n` in `lang` ('one', 'other', ...), for the tables' count words. */
export function pluralOf(lang, n) {
  return new Intl.PluralRules(lang).select(n);
}
