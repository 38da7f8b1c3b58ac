// The vault in chrome.storage.local: one key, "vault", holding one record
// (extension/vault-format.js), written with one set() after validation, so a
// vault is never half-written and nothing unvalidated is stored. Settings (the
// auto-lock time) live under their own key; they are not secret.
import { VaultFormatError, validateVault } from './vault-format.js';

const VAULT = 'vault';
const SETTINGS = 'settings';
export const DEFAULT_SETTINGS = Object.freeze({ autoLockMinutes: 5 });
// Unpacked extensions may set alarms down to one second; packed ones round up to 30 s.
export const AUTO_LOCK_LIMITS = Object.freeze({ min: 1 / 60, max: 24 * 60 });

export class StaleVaultError extends Error {
  constructor() {
    super('The vault was changed elsewhere (another popup?). Reopen the popup and try again.');
    this.name = 'StaleVaultError';
  }
}

/** The stored vault record, or null when there is none; throws VaultFormatError when it is damaged. */
export async function readVault(area = chrome.storage.local) {
  const { [VAULT]: stored } = await area.get(VAULT);
  if (stored === undefined) return null;
  return validateVault(stored);
}

/**
 * Writes `record` in one set(), as revision `expectedRevision + 1`, if the
 * stored revision is still `expectedRevision` (0: no vault stored). Returns
 * the record as written.
 */
export async function writeVault(record, expectedRevision, area = chrome.storage.local) {
  const next = validateVault({ ...record, revision: Math.max(expectedRevision, 0) + 1 });
  if ((await storedRevision(area)) !== expectedRevision) throw new StaleVaultError();
  await area.set({ [VAULT]: next });
  return next;
}

/** The stored vault's revision: 0 when there is none, -1 when it is too damaged to have one. */
export async function storedRevision(area = chrome.storage.local) {
  const { [VAULT]: stored } = await area.get(VAULT);
  if (stored === undefined) return 0;
  return Number.isSafeInteger(stored?.revision) && stored.revision > 0 ? stored.revision : -1;
}

/** Removes the vault (one remove() of one key). */
export function wipeVault(area = chrome.storage.local) {
  return area.remove(VAULT);
}

export async function readSettings(area = chrome.storage.local) {
  const { [SETTINGS]: stored } = await area.get(SETTINGS);
  const minutes = Number(stored?.autoLockMinutes);
  return { autoLockMinutes: validAutoLock(minutes) ? minutes : DEFAULT_SETTINGS.autoLockMinutes };
}

export function validAutoLock(minutes) {
  return Number.isFinite(minutes) && minutes >= AUTO_LOCK_LIMITS.min - 1e-9 && minutes <= AUTO_LOCK_LIMITS.max;
}

export async function writeSettings({ autoLockMinutes }, area = chrome.storage.local) {
  if (!validAutoLock(autoLockMinutes)) throw new RangeError(`the auto-lock time must be between 1 second and ${AUTO_LOCK_LIMITS.max} minutes`);
  await area.set({ [SETTINGS]: { autoLockMinutes } });
}

export { VaultFormatError };
