// What the elements extend. Where there is no DOM (a framework rendering on the
// server in Node, Deno, a worker), importing the package must throw nothing:
// the classes then extend an empty class and are never defined.
/** Typed as HTMLElement, what the elements extend wherever they can be defined. @type {typeof HTMLElement} */
export const ElementBase = globalThis.HTMLElement ?? class {};

/** True where custom elements can be defined. */
export const canDefineElements = typeof globalThis.customElements?.define === 'function';
