// The page's parts, kept in place: lines are appended to the log and never redrawn (a screen reader
// reads each new line once), the hand and the buttons are updated item by item so the focus stays on
// the button a player just pressed.
import { ariaKeys } from "./keys.js";

const $ = (id) => document.getElementById(id);

// Append lines to the message log (role=log: each is read as it comes, nothing before it again).
export function addLines(lines) {
  const log = $("log");
  for (const text of lines) {
    const line = document.createElement("p");
    line.className = "line";
    line.tabIndex = -1;
    line.textContent = text;
    log.append(line);
  }
  if (lines.length && !log.contains(document.activeElement)) log.scrollTop = log.scrollHeight;
}

// Up and Down move through the history line by line, Home and End to its ends; true when handled.
export function moveInLog(event) {
  const log = $("log");
  const lines = Array.from(log.children);
  if (!lines.length) return false;
  const here = lines.indexOf(document.activeElement);
  let next = null;
  if (event.key === "ArrowUp") next = here < 0 ? lines.length - 1 : Math.max(0, here - 1);
  else if (event.key === "ArrowDown") next = here < 0 ? lines.length - 1 : Math.min(lines.length - 1, here + 1);
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = lines.length - 1;
  if (next === null) return false;
  lines[next].focus();
  return true;
}

export function setPrompt(text, fallback) {
  $("prompt-label").textContent = text || fallback;
}

// The hand as a list of named cards: words, or braille cells for a braille display.
export function setHand(cards, style) {
  const hand = $("hand");
  const items = hand.children;
  cards.forEach((card, index) => {
    let item = items[index];
    if (!item) {
      item = document.createElement("li");
      hand.append(item);
    }
    const text = style === "braille" && card.cells ? card.cells : card.words;
    if (item.textContent !== text) item.textContent = text;
    item.dataset.code = card.code;
  });
  while (items.length > cards.length) hand.lastElementChild.remove();
  $("no-cards").hidden = cards.length > 0;
}

// Every command a named button, grouped as the key plan groups them; a button that goes away while it
// has the focus hands the focus to the actions' heading, never to nowhere.
export function setCommands(commands, press) {
  const actions = $("actions");
  const groups = new Map();
  for (const command of commands) {
    const group = command.group || "";
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(command);
  }
  const focused = document.activeElement;
  const keep = new Map();
  for (const button of actions.querySelectorAll("button")) keep.set(button.dataset.command, button);
  const lost = focused && actions.contains(focused) ? focused.dataset.command : null;
  const built = [];
  for (const [group, list] of groups) {
    const section = document.createElement("div");
    section.className = "group";
    if (group) {
      const heading = document.createElement("h3");
      heading.textContent = group;
      section.append(heading);
    }
    const ul = document.createElement("ul");
    for (const command of list) {
      let button = keep.get(command.name);
      if (!button) {
        button = document.createElement("button");
        button.type = "button";
        button.dataset.command = command.name;
        button.addEventListener("click", () => press(button.dataset.command));
      }
      keep.delete(command.name);
      if (button.textContent !== command.label) button.textContent = command.label;
      const keys = ariaKeys(command.keys || []);
      if (keys) button.setAttribute("aria-keyshortcuts", keys);
      else button.removeAttribute("aria-keyshortcuts");
      const li = document.createElement("li");
      li.append(button);
      ul.append(li);
    }
    section.append(ul);
    built.push(section);
  }
  actions.replaceChildren(...built);
  $("no-actions").hidden = commands.length > 0;
  if (lost !== null) {
    const again = actions.querySelector(`button[data-command="${CSS.escape(lost)}"]`);
    (again || $("h-actions")).focus();
  }
}

export function setStatus(text) {
  $("status").textContent = text;
}
