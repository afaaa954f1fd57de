// Keys as the hosted terminal's GameApp.dispatch names them ("d", "H", "f1", "escape", "up", "c-z"),
// and which keys the page keeps for itself (Tab, the browser's own shortcuts, keys of form fields).

const NAMED = {
  ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", Home: "home", End: "end",
  PageUp: "pageup", PageDown: "pagedown", Escape: "escape", Enter: "enter", Delete: "delete",
  Backspace: "backspace", Insert: "insert", " ": "space",
};
// Control keys the browser leaves to a page (undo, redo); the others close tabs, print, find...
const CONTROL = new Set(["z", "y"]);

// The terminal's name of a key press, or null when the page leaves it to the browser.
export function keyName(event) {
  if (event.metaKey || event.isComposing) return null;
  const key = event.key;
  if (event.altKey) {
    // Alt+M, Alt+1: named by the key's place, since Alt changes the character on some keyboards.
    const place = /^(?:Key([A-Z])|Digit(\d))$/.exec(event.code || "");
    return place && !event.ctrlKey ? "alt-" + (place[1] || place[2]).toLowerCase() : null;
  }
  if (event.ctrlKey) {
    return key.length === 1 && CONTROL.has(key.toLowerCase()) ? "c-" + key.toLowerCase() : null;
  }
  if (/^F([1-9]|1[0-2])$/.test(key)) return (event.shiftKey ? "s-" : "") + key.toLowerCase();
  if (NAMED[key]) return (event.shiftKey && key.length > 1 ? "s-" : "") + NAMED[key];
  if (key.length === 1) return key; // Shift+h arrives as "H", as the terminal names it
  return null;
}

// A key name as aria-keyshortcuts writes it ("Shift+H", "F1", "Escape"), so a button tells its key.
export function ariaKeys(names) {
  const shown = { up: "ArrowUp", down: "ArrowDown", left: "ArrowLeft", right: "ArrowRight", escape: "Escape",
    enter: "Enter", space: "Space", home: "Home", end: "End", pageup: "PageUp", pagedown: "PageDown",
    delete: "Delete", backspace: "Backspace" };
  return names.map((name) => {
    if (name.startsWith("c-")) return "Control+" + name.slice(2).toUpperCase();
    if (name.startsWith("alt-")) return "Alt+" + name.slice(4).toUpperCase();
    if (name.startsWith("s-")) return "Shift+" + (shown[name.slice(2)] || name.slice(2).toUpperCase());
    if (/^f\d+$/.test(name)) return name.toUpperCase();
    if (shown[name]) return shown[name];
    if (name.length === 1 && name !== name.toLowerCase()) return "Shift+" + name;
    return name.length === 1 ? name.toUpperCase() : name;
  }).join(" ");
}
