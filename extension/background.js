// The extension's background: the auto-lock timer and the clipboard's
// clearing. It starts no wasm and never sees a key, a note or a copied text;
// the popup owns every worker. The popup reports activity ({type: 'activity',
// minutes}), which re-arms one alarm; when it fires, the popup is told to lock.
// A closed popup has nothing to lock: its page, keys and workers are gone with it.
// After a copy the popup sends a salted digest of the text ({type:
// 'clipboard-copied', salt, digest}); 30 s later the clipboard is emptied if
// it still holds that text (extension/clipboard.js). Chromium's service
// worker has no DOM, so an offscreen document does it there; Firefox runs this
// file as a background page, which does it itself.
import { CLIPBOARD_CLEAR_MS, clearClipboardIfHolds } from './clipboard.js';

const ALARM = 'auto-lock';
const CLIPBOARD_ALARM = 'clipboard-clear';
const MIN_DELAY_MINUTES = 1 / 60;  // Chromium's floor for unpacked extensions (30 s when packed)
const OFFSCREEN = 'offscreen.html';

chrome.runtime.onMessage.addListener((message, sender) => {
  if (sender.id !== chrome.runtime.id || !message || typeof message !== 'object') return;
  if (message.type === 'activity' && Number.isFinite(message.minutes) && message.minutes > 0) {
    chrome.alarms.create(ALARM, { delayInMinutes: Math.max(MIN_DELAY_MINUTES, message.minutes) });
  } else if (message.type === 'locked') {
    chrome.alarms.clear(ALARM);
  } else if (message.type === 'clipboard-copied' && typeof message.salt === 'string' && typeof message.digest === 'string') {
    // Session storage is memory only; the service worker may stop before the alarm.
    chrome.storage.session.set({ clipboard: { salt: message.salt, digest: message.digest } })
      .then(() => chrome.alarms.create(CLIPBOARD_ALARM, { delayInMinutes: CLIPBOARD_CLEAR_MS / 60000 }));
  }
});

async function clearClipboard() {
  const { clipboard } = await chrome.storage.session.get('clipboard');
  await chrome.storage.session.remove('clipboard');
  if (!clipboard) return;
  if (typeof document !== 'undefined' && !chrome.offscreen) {
    await clearClipboardIfHolds(clipboard);
    return;
  }
  if (!(await chrome.offscreen.hasDocument?.())) {
    await chrome.offscreen.createDocument({
      url: OFFSCREEN, reasons: ['CLIPBOARD'], justification: 'Empty the clipboard 30 s after a note was copied, if it still holds it.',
    });
  }
  try {
    await chrome.runtime.sendMessage({ type: 'clipboard-clear', target: 'offscreen', ...clipboard });
  } finally {
    await chrome.offscreen.closeDocument().catch(() => {});
  }
}

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === CLIPBOARD_ALARM) {
    clearClipboard().catch(() => {});
    return;
  }
  if (alarm.name !== ALARM) return;
  // No popup open: nobody to tell, and nothing unlocked.
  chrome.runtime.sendMessage({ type: 'lock', reason: 'idle' }).catch(() => {});
});
