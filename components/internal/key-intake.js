// <note-list key-from="ID">: the device key taken from the unlock event of the
// element with that id (a <vault-unlock mode="derive">), heard on the document
// while the list is on the page.

export class KeyIntake {
  #element;
  #take;
  #eventType;
  #onEvent = (event) => {
    const from = this.#element.getAttribute('key-from');
    const source = event.composedPath()[0];
    if (!from || source?.id !== from || !(event.detail?.key instanceof Uint8Array)) return;
    this.#take(event.detail.key);
  };

  /**
   * @param {HTMLElement} element  the list (its key-from attribute names the source)
   * @param {string} eventType  the source's event carrying `{key}`
   * @param {(key: Uint8Array) => void} take
   */
  constructor(element, eventType, take) {
    this.#element = element;
    this.#eventType = eventType;
    this.#take = take;
  }

  listen() { document.addEventListener(this.#eventType, this.#onEvent); }
  stop() { document.removeEventListener(this.#eventType, this.#onEvent); }
}
