// The page's parts, kept in place: lines are appended to the log and never redrawn (a screen reader
// reads each new line once), the hand and the buttons are updated item by item so the focus stays on
// the button a player just pressed.
import { ariaKeys } from "./keys.js";

const $ = (id) => document.getElementById(id);

function appendTo(box, lines) {
  for (const text of lines) {
    const line = document.createElement("p");
    line.className = "line";
    line.tabIndex = -1;
    line.textContent = text;
    box.append(line);
  }
  const log = $("log");
  if (lines.length && !log.contains(document.activeElement)) log.scrollTop = log.scrollHeight;
}

// Append lines to the live region (role=log: each is read as it comes, nothing before it again).
export function addLines(lines) {
  appendTo($("live"), lines);
}

// Lines said at this seat before this page opened (a seat taken back): put above the live region, where
// they are not read out, since the player heard them then. A page that shows lines already has them.
export function addHistory(lines) {
  if ($("log").querySelector(".line") === null) appendTo($("earlier"), lines);
}

// Up and Down move through the history line by line, Home and End to its ends; true when handled.
export function moveInLog(event) {
  const lines = Array.from($("log").querySelectorAll(".line"));
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

// The buttons that answer the open question by its keys: Y and N for a yes-or-no question, the
// menu's moves for a menu, and Close (Escape) for any (a text question is typed in the prompt). A
// question of letters brings its own answers, a button each, named in words, pressing its letter.
const ANSWER_KEYS = { yes_no: ["y", "n", "escape"], menu: ["up", "down", "enter", "escape"], text: ["escape"],
  letters: ["escape"] };

export function setQuestion(question, press) {
  const keys = (question && ANSWER_KEYS[question.kind]) || [];
  const letters = (question && question.kind === "letters" && question.answers) || [];
  for (const button of $("answers").querySelectorAll("button[data-key]:not(.letter)")) {
    button.hidden = !keys.includes(button.dataset.key);
  }
  const shown = [...$("letter-answers").querySelectorAll("button")]
    .map((b) => `${b.dataset.key}=${b.textContent}`).join("|");
  if (shown !== letters.map((a) => `${a.key}=${a.label}`).join("|")) {
    $("letter-answers").replaceChildren(...letters.map((answer) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "letter";
      button.dataset.key = answer.key;
      button.textContent = answer.label;
      button.setAttribute("aria-keyshortcuts", answer.key.toUpperCase());
      button.addEventListener("click", () => press(answer.key));
      return button;
    }));
  }
  $("answers").hidden = keys.length === 0 && letters.length === 0;
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
