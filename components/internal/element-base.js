// What the five elements share, once (after Shoelace's base class): composed
// events, the error detail, attribute reflection and parsing, the upgrade of
// properties set before the class was defined, the shadow root with its
// styles, and the status line. An element file holds only what makes it that
// element.
// Where there is no DOM (a framework rendering on the server in Node, Deno, a
// worker), importing the package must throw nothing: the classes then extend
// an empty class and are never defined.
import { serializeError } from '../../common/protocol.js';
import { choiceAttribute, integerAttribute } from '../../api/arguments.js';
import { adoptStyles } from './dom.js';
import { ElementLocalize } from './localize.js';
import { numberFormatFor } from '../../common/number-format.js';

/** Typed as HTMLElement, what the elements extend wherever they can be defined. @type {typeof HTMLElement} */
const HTMLElementOrNothing = globalThis.HTMLElement ?? class {};

/** True where custom elements can be defined. */
export const canDefineElements = typeof globalThis.customElements?.define === 'function';

/**
 * Takes over properties a page set on `element` before its class was defined:
 * such a value shadows the accessor, so it is removed and set again through it.
 * @param {HTMLElement} element
 * @param {string[]} names
 */
export function upgradeProperties(element, names) {
  for (const name of names) {
    if (!Object.hasOwn(element, name)) continue;
    const value = element[name];
    delete element[name];
    element[name] = value;
  }
}

/** The `{name, message}` an element's error event carries, from anything thrown (common/protocol.js). */
export const errorDetail = serializeError;

export class ElementBase extends HTMLElementOrNothing {
  /** The element's styles (its `<name>.styles.js`), adopted by its shadow root. @type {string} */
  static styles = '';

  #localize;

  /** The element's language and words (internal/localize.js). */
  get localize() {
    this.#localize ??= new ElementLocalize(this);
    return this.#localize;
  }

  // The localize controller's host interface (a Lit ReactiveControllerHost, in small): it is told of the element's
  // connection below, and asks for an update when a `lang` or the translations change.
  addController() {}
  requestUpdate() {
    if (this.isConnected) this.updateStrings();
  }

  /** Says the element's words again, in its language now (each element overrides it). */
  updateStrings() {}

  /** Subclasses call it first: the element speaks the language of where it now is. */
  connectedCallback() {
    this.localize.hostConnected();
    this.updateStrings();
  }

  disconnectedCallback() {
    this.localize.hostDisconnected();
  }

  /** The term `key` of the element's strings table in its language (components/strings/), given `args`. */
  term(key, args) {
    return this.localize.term(key, args);
  }

  /** `{n, count}` for a count term: `n`, and `n` formatted for the element's language ("5,000", "5 000"). */
  count(n) {
    return { n, count: numberFormatFor(this.localize.lang()).format(n) };
  }

  /**
   * Opens the shadow root with the class's styles adopted (a shared CSSStyleSheet, or a `<style>` where
   * constructable sheets are missing) and `content` in it: nodes built with createElement, never HTML text, so
   * that the element constructs under `require-trusted-types-for 'script'`.
   * @param {ShadowRootInit} init
   * @param {...Node} content
   * @returns {ShadowRoot}
   */
  createShadow(init, ...content) {
    const root = this.attachShadow(init);
    adoptStyles(root, this.constructor);
    root.append(...content);
    return root;
  }

  /**
   * Fires `type` with `detail`, bubbling and composed (it leaves the shadow root), as every event of the elements.
   * @returns {boolean} dispatchEvent's answer
   */
  emit(type, detail) {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /**
   * Fires the element's error event with `{name, message}` of `error`, and returns that detail.
   * @param {string} type
   * @param {unknown} error
   * @param {object} [more] fields before name and message (`{index, id}` of a damaged note)
   */
  emitError(type, error, more) {
    const detail = { ...more, ...errorDetail(error) };
    this.emit(type, detail);
    return detail;
  }

  /** Re-sets properties set before the class was defined, through their accessors. @param {string[]} names */
  upgradeProperties(names) {
    upgradeProperties(this, names);
  }

  /** A string property's attribute: null or undefined removes it; a setter never throws. */
  reflect(attribute, value) {
    if (value === null || value === undefined) this.removeAttribute(attribute);
    else this.setAttribute(attribute, typeof value === 'symbol' ? value.toString() : String(value));
  }

  /** The attribute as an integer in [min, max], `fallback` when absent; throws a TypeError or RangeError naming it. */
  integerAttribute(name, min, max, fallback) {
    return integerAttribute(this.getAttribute(name), name, min, max, fallback);
  }

  /** The attribute as one of `choices`, `fallback` when absent; throws a RangeError naming it. */
  choiceAttribute(name, choices, fallback) {
    return choiceAttribute(this.getAttribute(name), name, choices, fallback);
  }

  /** The attribute parsed by `parse` (a method above), or `fallback` when it is absent or not valid. */
  validAttribute(parse, fallback) {
    try {
      return parse() ?? fallback;
    } catch {
      return fallback;
    }
  }
}
