// Import a vault file: it replaces the vault in this browser. While a vault is
// unlocked, that vault's password comes first. The file is read and validated,
// its own password asked, and the session writes it only once that password
// opens it, its seal holds and every note in it opens; a refused file changes
// nothing. A file of an older format is updated, the person having been told.
import { ELEMENT_EVENTS } from '../popup-events.js';
import { VERSION, parseVaultFile } from '../vault-format.js';
import { askPassword, mountUnlock, olderFormat, partOf } from './view-kit.js';

export function createImportView({ section, session, go }) {
  const part = partOf(section);
  const file = part('import-file');
  let fromList = false;     // opened from an unlocked vault: Cancel goes back to its list
  let confirmed = false;    // the current vault's password was given (or there is no unlocked vault to replace)

  function clearSlots() {
    part('import-slot').replaceChildren();
    part('import-current-slot').replaceChildren();
  }

  async function fileChosen() {
    part('import-slot').replaceChildren();
    part('import-error').textContent = '';
    const chosen = file.files[0];
    if (!chosen || !confirmed) return;
    let candidate;
    try {
      candidate = parseVaultFile(await chosen.text());
    } catch (error) {
      part('import-error').textContent = `This file cannot be imported: ${error.message}. Nothing was changed.`;
      return;
    }
    const { salt, t, m, p } = candidate.kdf;
    const older = candidate.version < VERSION;
    const unlock = mountUnlock(part('import-slot'), {
      id: 'import-unlock', mode: 'derive', salt, t, m, p, label: 'Password of this file',
      'submit-label': older ? 'Update and import' : 'Import',
    });
    if (older) part('import-error').textContent = olderFormat(candidate.version, 'file');
    unlock.addEventListener(ELEMENT_EVENTS.unlocked, async (event) => {
      try {
        // Imported: the session goes on with the file's vault and shows its list.
        await session.importVault(candidate, event.detail.key, () => unlock.isConnected);
      } catch (error) {
        unlock.showError(error.message);
      }
    });
    unlock.focus();
  }

  file.addEventListener('change', fileChosen);
  part('import-cancel').addEventListener('click', () => {
    clearSlots();
    if (fromList && session.unlocked) go('list');
    else go(session.record ? 'locked' : 'setup');
  });

  return {
    section,
    enter() {
      fromList = session.unlocked;
      confirmed = !session.unlocked;
      file.value = '';
      file.disabled = !confirmed;
      part('import-error').textContent = '';
      part('import-slot').replaceChildren();
      if (confirmed) { file.focus(); return; }
      askPassword(part('import-current-slot'), session, {
        id: 'import-current', label: 'Password of this vault (the file replaces it)', submit: 'Continue',
      }, () => {
        confirmed = true;
        part('import-current-slot').replaceChildren();
        file.disabled = false;
        file.focus();
      }).focus();
    },
    leave: clearSlots,
  };
}
