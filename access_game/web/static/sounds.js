// The terminal's sound cues through Web Audio: the tones are speech/cues.py's own (served as
// /static/cues.json), synthesised the same way: a sine with a quarter of its second harmonic, a 5 ms
// attack and a release over the last 30 % of each note; a note of 0 Hz is a rest.

const SAME_SEAT_REST = 0.05;
let context = null;
let tones = null;

async function loadTones() {
  if (tones === null) {
    const answer = await fetch("/static/cues.json");
    tones = await answer.json();
  }
  return tones;
}

// Called on the player's first key or tap: a browser lets a page make sound only after one.
export function wake() {
  if (context === null && window.AudioContext) context = new AudioContext();
  if (context !== null && context.state === "suspended") context.resume();
}

function playTone(tone, start) {
  let at = start;
  for (const [f0, f1, seconds] of tone.notes) {
    if (f0 > 0) {
      const gain = context.createGain();
      const peak = tone.volume / 1.25;
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(peak, at + Math.min(0.005, seconds / 4));
      gain.gain.setValueAtTime(peak, at + seconds * 0.7);
      gain.gain.linearRampToValueAtTime(0, at + seconds);
      gain.connect(context.destination);
      for (const [multiple, level] of [[1, 1], [2, 0.25]]) {
        const osc = context.createOscillator();
        const part = context.createGain();
        part.gain.value = level;
        osc.frequency.setValueAtTime(f0 * multiple, at);
        osc.frequency.linearRampToValueAtTime(f1 * multiple, at + seconds);
        osc.connect(part).connect(gain);
        osc.start(at);
        osc.stop(at + seconds);
      }
    }
    at += seconds;
  }
  return at;
}

// Play the named cues one after another (unknown names are skipped).
export async function play(names) {
  if (context === null) return;
  const known = await loadTones();
  let at = context.currentTime + 0.01;
  for (const name of names) {
    if (known[name]) at = playTone(known[name], at) + SAME_SEAT_REST;
  }
}
