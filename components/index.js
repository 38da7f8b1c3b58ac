// Importing this module defines every element and exposes the plain JS API.
import { VaultUnlock } from './vault-unlock.js';

export * from '../api/index.js';
export { VaultUnlock };

/** Defines the elements under their standard names (idempotent). */
export function defineAll(registry = customElements) {
  for (const [name, element] of [['vault-unlock', VaultUnlock]]) {
    if (!registry.get(name)) registry.define(name, element);
  }
}

defineAll();
