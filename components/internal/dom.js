// Building the elements' shadow trees without HTML text: every node made with
// createElement and every attribute set one by one, so no string ever reaches
// an HTML sink (innerHTML, a template's HTML) and the elements construct on a
// page with `require-trusted-types-for 'script'`. Styles go in through a
// constructed CSSStyleSheet, one per class and page, shared by every instance
// (a <style> with the same text where the engine cannot adopt sheets).

/**
 * An element: `h('input', {id: 'q', part: 'input', type: 'search'}, child, 'text')`. Attributes are set with
 * setAttribute (a `true` value sets an empty attribute, false/null/undefined none); children are nodes or text.
 * @param {string} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attributes]
 * @param {...(Node | string)} children
 * @returns {HTMLElement}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children);
  return element;
}

const sheets = new WeakMap();   // element class -> its CSSStyleSheet

/**
 * Gives `root` the styles of `elementClass` (its static `styles` text).
 * @param {ShadowRoot} root
 * @param {{styles: string}} elementClass
 */
export function adoptStyles(root, elementClass) {
  const text = elementClass.styles;
  if (!text) return;
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    let sheet = sheets.get(elementClass);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      sheets.set(elementClass, sheet);
    }
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = text;
  root.append(style);
}

/**
 * The polite live region each element says its state in (counts, progress, problems). `dir="auto"`: a sentence
 * keeps its own direction (English words on a right-to-left page whose language has no table stay readable).
 * @param {Record<string, string>} [attributes] more attributes (id, class)
 */
export function statusLine(attributes = {}) {
  return h('p', { class: 'status', part: 'status', role: 'status', 'aria-live': 'polite', dir: 'auto', ...attributes });
}

/** Says `text` in a status line; `problem` marks it (styled as an error through the `problem` class). */
export function say(line, text, problem = false) {
  line.textContent = text;
  line.classList.toggle('problem', problem);
}
