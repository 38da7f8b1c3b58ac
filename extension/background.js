// The extension's service worker: only the auto-lock timer. It starts no wasm
// and never sees a key or a note; the popup owns every worker. The popup
// reports activity ({type: 'activity', minutes}), which re-arms one alarm;
// when it fires, the popup is told to lock. A closed popup has nothing to lock:
// its page, keys and workers are gone with it.
const ALARM = 'auto-lock';
const MIN_DELAY_MINUTES = 1 / 60;  // Chromium's floor for unpacked extensions (30 s when packed)

chrome.runtime.onMessage.addListener((message, sender) => {
  if (sender.id !== chrome.runtime.id || !message || typeof message !== 'object') return;
  if (message.type === 'activity' && Number.isFinite(message.minutes) && message.minutes > 0) {
    chrome.alarms.create(ALARM, { delayInMinutes: Math.max(MIN_DELAY_MINUTES, message.minutes) });
  } else if (message.type === 'locked') {
    chrome.alarms.clear(ALARM);
  }
});

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name !== ALARM) return;
  // No popup open: nobody to tell, and nothing unlocked.
  chrome.runtime.sendMessage({ type: 'lock', reason: 'idle' }).catch(() => {});
});
