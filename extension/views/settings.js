// Settings: the auto-lock time, the vault's Argon2id parameters and "Change
// password…", Export and Import, and Delete (its password first).
//
// Re-keying: the current password first, then the new one (it may be the
// same). A fresh device key replaces the old one: every note key is moved
// under it (titles and bodies are not sealed again), it is wrapped under the
// new Argon2id key, and the record is sealed and written in one set() with
// the new salt and parameters (the session's rekey()). So the old password
// and an old copy of the record open nothing written afterwards. Closed
// midway, nothing was written: the old vault opens.
import { ELEMENT_EVENTS, SESSION_EVENTS } from '../popup-events.js';
import { NEW_VAULT_KDF } from '../vault-format.js';
import { describeIdle, plural } from '../phrases.js';
import { askPassword, mountUnlock, partOf, setStatus } from './view-kit.js';

const MIB = 1024;
const EXPORT_URL_MS = 60000;
const describeKdf = ({ t, m, p }) => `Argon2id, ${m / MIB} MiB, ${plural(t, 'pass', 'passes')}, ${plural(p, 'lane')}`;

export function createSettingsView({ section, session, go }) {
  const part = partOf(section);
  const say = (text, problem) => setStatus(section, text, problem);

  function showKdf() {
    const { p } = session.record.kdf;
    part('kdf-now').textContent = `This vault: ${describeKdf(session.record.kdf)}`
      + `${p > 1 ? (crossOriginIsolated ? ' (run in parallel here)' : ' (run one after another here)') : ''}.`;
  }

  function endRekey() {
    part('rekey-slot').replaceChildren();
    part('rekey-panel').hidden = true;
    part('rekey-start').hidden = false;
  }

  function endWipe() {
    part('wipe-confirm').hidden = true;
    part('wipe-slot').replaceChildren();
  }

  function startRekey() {
    part('rekey-start').hidden = true;
    part('rekey-panel').hidden = false;
    part('rekey-step').textContent = 'Step 1 of 2: the current password.';
    const prompt = { id: 'rekey-current', label: 'Current password', submit: 'Continue' };
    askPassword(part('rekey-slot'), session, prompt, askNewPassword).focus();
  }

  function askNewPassword() {
    if (!session.unlocked) return;
    part('rekey-step').textContent = 'Step 2 of 2: the new password (it may be the same). '
      + `New key: ${describeKdf(NEW_VAULT_KDF)}.`;
    const create = mountUnlock(part('rekey-slot'), {
      id: 'rekey-new', mode: 'create', output: 'key', label: 'New password', 'submit-label': 'Change password',
      ...NEW_VAULT_KDF,
    });
    create.addEventListener(ELEMENT_EVENTS.created, async (event) => {
      try {
        if (!(await session.rekey(event.detail))) return;
      } catch (error) {
        create.showError(error.message);
        return;
      }
      endRekey();
      showKdf();
      say('Password changed, and the vault has a new key: it opens with the new password only, and an older copy of it '
        + '(an export, a backup) opens nothing written from now on.');
      part('rekey').focus();
    });
    create.focus();
  }

  function exportFile() {
    const url = URL.createObjectURL(new Blob([session.exportText()], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), {
      href: url, download: `memento-vault-${new Date().toISOString().slice(0, 10)}.json`,
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), EXPORT_URL_MS);
    say('Exported. The file holds only encrypted notes and opens with this vault\'s password.');
  }

  async function wipe() {
    await session.wipe();
    go('setup', { message: 'The vault was deleted from this browser.' });
  }

  const back = () => go('list', { focus: true });
  part('settings-back').addEventListener('click', back);
  part('rekey').addEventListener('click', startRekey);
  part('rekey-cancel').addEventListener('click', () => { endRekey(); part('rekey').focus(); });
  part('export').addEventListener('click', exportFile);
  part('import').addEventListener('click', () => go('import'));
  part('wipe').addEventListener('click', () => {
    part('wipe-confirm').hidden = false;
    const prompt = { id: 'wipe-password', label: 'Password', submit: 'Delete everything' };
    askPassword(part('wipe-slot'), session, prompt, wipe).focus();
  });
  part('wipe-no').addEventListener('click', () => { endWipe(); part('wipe').focus(); });
  part('settings').addEventListener('submit', async (event) => {
    event.preventDefault();
    const minutes = Number(part('idle-minutes').value);
    try {
      await session.setAutoLock(minutes);
    } catch (error) {
      say(error.message, true);
      return;
    }
    say(`The vault now locks after ${describeIdle(minutes)} without activity.`);
  });
  session.addEventListener(SESSION_EVENTS.closing, () => {
    endWipe();
    endRekey();
  });

  return {
    section,
    enter() {
      endWipe();
      endRekey();
      part('idle-minutes').value = String(session.settings.autoLockMinutes);
      showKdf();
      part('settings-back').focus();
    },
    leave() {
      endWipe();
      endRekey();
    },
    // Escape goes back to the list, unless it was meant for a password field.
    escape(event) {
      if (!event.composedPath().some((node) => node.localName === 'vault-unlock')) back();
    },
  };
}
