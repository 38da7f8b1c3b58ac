// The extension's background: the auto-lock timer and the clipboard's
// clearing. It starts no wasm and never sees a key, a note or a copied text;
// the popup owns every worker. The popup reports activity ({type: 'activity',
// popup, minutes}), which re-arms that popup's own alarm ("auto-lock:<popup>");
// when it fires, that popup is told to lock ({type: 'lock', popup}). Each open
// popup (the toolbar's, one in a tab) has its own id and alarm.
// A closed popup has nothing to lock: its page, keys and workers are gone with it.
// After a copy the popup sends a salted digest of the text ({type:
// 'clipboard-copied', salt, digest}); 30 s later the clipboard is emptied if
// it still holds that text (extension/clipboard.js). Chromium's service
// worker has no DOM, so an offscreen document does it there; Firefox runs this
// file as a background page, which does it itself.
import { CLIPBOARD_CLEAR_MS, clearClipboardIfHolds } from './clipboard.js';

const ALARM = 'auto-lock:';   // + the popup's id
const POPUP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CLIPBOARD_ALARM = 'clipboard-clear';
const MIN_DELAY_MINUTES = 1 / 60;  // Chromium's floor for unpacked extensions (30 s when packed)
const OFFSCREEN = 'offscreen.html';

chrome.runtime.onMessage.addListener((message, sender) => {
  if (sender.id !== chrome.runtime.id || !message || typeof message !== 'object') return;
  const popup = typeof message.popup === 'string' && POPUP_ID.test(message.popup) ? message.popup : null;
  if (message.type === 'activity' && popup && Number.isFinite(message.minutes) && message.minutes > 0) {
    chrome.alarms.create(ALARM + popup, { delayInMinutes: Math.max(MIN_DELAY_MINUTES, message.minutes) });
  } else if (message.type === 'locked' && popup) {
    chrome.alarms.clear(ALARM + popup);
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
  if (!alarm.name.startsWith(ALARM)) return;
  // That popup closed: nobody to tell, and nothing unlocked.
  chrome.runtime.sendMessage({ type: 'lock', popup: alarm.name.slice(ALARM.length), reason: 'idle' }).catch(() => {});
});
