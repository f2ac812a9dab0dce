// @ts-check
// drawpoker: The table page's sound: a short beep (a Web Audio oscillator, no sound file) when
// your turn starts, once per turn, never on the updates that come while it lasts.

/** @type {AudioContext | null} */
let audio = null;
/** @type {string | null} */
let lastTurn = null;  // the turn the latest beep (or silence, with the sound off) was for

// The page's audio, started (browsers start audio only after a click or a key).
export function wakeSound() {
  if (audio === null) audio = new AudioContext();
  if (audio.state === "suspended") audio.resume();
  return audio;
}

// Called with each state: `turn` names the seat's turn ("hand:actions", null when it is not its
// turn); a beep sounds when a new turn starts and `on` says the person wants it.
/**
 * @param {string | null} turn
 * @param {boolean} on
 */
export function soundForTurn(turn, on) {
  if (turn === null || turn === lastTurn) return;
  lastTurn = turn;
  if (on) beep();
}

function beep() {
  const context = wakeSound();
  const tone = context.createOscillator();
  const volume = context.createGain();
  const now = context.currentTime;
  tone.frequency.value = 660;
  volume.gain.setValueAtTime(0.2, now);
  volume.gain.exponentialRampToValueAtTime(0.001, now + 0.3);
  tone.connect(volume);
  volume.connect(context.destination);
  tone.start(now);
  tone.stop(now + 0.3);
}
