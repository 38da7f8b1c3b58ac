// First run: no vault yet. <vault-unlock mode="create" output="key"> takes the
// new password twice; the session makes a random device key, wraps it under
// the password's Argon2id key and stores the vault. Or a vault file is imported.
import { ELEMENT_EVENTS } from '../popup-events.js';
import { NEW_VAULT_KDF } from '../vault-format.js';
import { mountUnlock, partOf } from './view-kit.js';

export function createSetupView({ section, session, go }) {
  const part = partOf(section);
  part('setup-import').addEventListener('click', () => go('import'));

  return {
    section,
    enter() {
      const create = mountUnlock(part('create-slot'), {
        id: 'create', mode: 'create', output: 'key', label: 'New password', 'submit-label': 'Create vault', ...NEW_VAULT_KDF,
      });
      create.addEventListener(ELEMENT_EVENTS.created, async (event) => {
        try {
          await session.create(event.detail);   // unlocked: the session shows the list
        } catch (error) {
          create.showError(error.message);
        }
      });
      create.focus();
    },
    leave() {
      part('create-slot').replaceChildren();
    },
  };
}
