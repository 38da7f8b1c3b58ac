// A vault is stored and locked: <vault-unlock mode="derive"> turns the password
// into its Argon2id key, and the session unwraps the device key with it. A
// wrong password changes nothing. A vault of an older format (1 or 2) is not
// sealed as a whole: it opens only through an explicit update, which this view
// says before the password confirms it.
import { ELEMENT_EVENTS } from '../popup-events.js';
import { VERSION } from '../vault-format.js';
import { mountUnlock, olderFormat, partOf, setStatus } from './view-kit.js';

export function createLockedView({ section, session }) {
  const part = partOf(section);

  return {
    section,
    enter() {
      const { version, kdf: { salt, t, m, p } } = session.record;
      const older = version < VERSION;
      const unlock = mountUnlock(part('unlock-slot'), {
        id: 'unlock', mode: 'derive', salt, t, m, p, label: 'Password',
        'submit-label': older ? 'Update and unlock' : 'Unlock',
      });
      unlock.addEventListener(ELEMENT_EVENTS.unlocked, async (event) => {
        try {
          await session.unlock(event.detail.key, () => unlock.isConnected);   // unlocked: the session shows the list
        } catch (error) {
          unlock.showError(error.message);
        }
      });
      // <vault-unlock> readies its Argon2id worker as the password is typed; the
      // workers that follow the key are readied then too.
      unlock.addEventListener('input', () => session.readyAhead());
      if (older) setStatus(section, olderFormat(version), true);
      unlock.focus();
    },
    leave() {
      part('unlock-slot').replaceChildren();
    },
  };
}
