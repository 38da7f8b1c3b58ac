// What the elements extend. Where there is no DOM (a framework rendering on the
// server in Node, Deno, a worker), importing the package must throw nothing:
// the classes then extend an empty class and are never defined.
/** Typed as HTMLElement, what the elements extend wherever they can be defined. @type {typeof HTMLElement} */
export const ElementBase = globalThis.HTMLElement ?? class {};

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
