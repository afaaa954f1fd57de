// The web table: one socket to the server's /web channel, where the server hosts the terminal table
// for this browser. What the terminal would print arrives as lines; keys and buttons go back as the
// terminal's keys and commands. The seat's token is kept in localStorage, never in an address.
import { keyName } from "./keys.js";
import * as sounds from "./sounds.js";
import * as view from "./view.js";

const page = JSON.parse(document.getElementById("page-data").textContent);
const words = page.words;
const store = window.localStorage;
const settings = {
  lang: page.lang,
  verbosity: store.getItem("verbosity") || "normal",
  cards: store.getItem("cards") || "words",
  sounds: store.getItem("sounds") !== "off",
  wildSign: store.getItem("wild_sign") === "on",
};
let state = { hand: [], commands: [], question: null };
let socket = null;
let retry = 500;
let start = page.start;
// The seat went to another tab (or the table ended): this page stops coming back by itself.
let left = false;

// A token given in the address (a seat moved from another device) is kept, and the address cleaned.
const address = new URL(window.location.href);
if (address.searchParams.has("token") && start.type === "join") {
  store.setItem("seat", JSON.stringify({ code: start.code, token: address.searchParams.get("token") }));
  address.searchParams.delete("token");
  history.replaceState(null, "", address.pathname + address.search);
}
if (address.searchParams.has("lang")) rememberLanguage(page.lang);

function rememberLanguage(lang) {
  document.cookie = `lang=${lang}; path=/; max-age=31536000; SameSite=Strict`;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function seat() {
  try {
    return JSON.parse(store.getItem("seat") || "null");
  } catch {
    return null;
  }
}

// What to ask for once connected: the seat this browser had at this table, else the page's request.
function firstRequest() {
  const held = seat();
  if (held && held.token && start.type === "join" && sameCode(held.code, start.code)) {
    return { type: "resume", token: held.token };
  }
  const { name, ...request } = start; // the name goes in "start"
  return request;
}

function sameCode(a, b) {
  const plain = (code) => String(code || "").toUpperCase().replace(/[\s-]/g, "");
  return plain(a) === plain(b);
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  view.setStatus(words.connecting);
  socket = new WebSocket(`${scheme}//${window.location.host}/web`);
  socket.addEventListener("open", () => {
    retry = 500;
    view.setStatus(words.connected);
    const name = start.name || store.getItem("name") || "";
    send({ type: "start", lang: settings.lang, verbosity: settings.verbosity, cards: settings.cards,
      name, sounds: settings.sounds, wild_sign: settings.wildSign });
    send(firstRequest());
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (left) return;
    view.setStatus(words.lost);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 15000);
  });
}

function receive(message) {
  switch (message.type) {
    case "lines":
      view.addLines(message.lines);
      break;
    case "history":
      view.addHistory(message.lines);
      break;
    case "prompt":
      view.setPrompt(message.text, words.prompt);
      break;
    case "cues":
      if (settings.sounds) sounds.play(message.cues);
      break;
    case "state":
      state = { ...state, ...message };
      view.setHand(state.hand || [], settings.cards);
      view.setCommands(state.commands || [], (name) => send({ type: "command", name }));
      view.setQuestion(state.question, (key) => send({ type: "key", key }));
      if (state.where === "left") {
        left = true;
        view.setStatus(words.left);
      }
      showWhere(state.where);
      break;
    case "seated":
      store.setItem("seat", JSON.stringify({ code: message.code, token: message.token }));
      if (start.name) store.setItem("name", start.name);
      // From now on this tab is the table's link: a reload takes the seat back, and the address holds
      // neither a token nor a name.
      start = { type: "join", code: message.code };
      history.replaceState(null, "", `/t/${encodeURIComponent(message.code)}`);
      break;
    case "error":
      view.addLines([message.text]);
      break;
    default:
      break;
  }
}

// In a text question the prompt is a text box: characters and the keys that edit them stay in it,
// Enter sends the line (see the form's submit); every other key (Escape, Up, Down, F1) is the table's.
const TYPED = new Set(["Backspace", "Delete", "ArrowLeft", "ArrowRight", "Home", "End", "Enter"]);

// The page's heading and title say where the player is; back in the lobby, the address is the lobby's
// again (a reload must not take back a seat the player left).
function showWhere(where) {
  const heading = { table: words.table_title, watching: words.table_title, lobby: words.lobby_title }[where];
  if (!heading) return;
  document.getElementById("title").textContent = heading;
  document.title = `${heading} · ${words.site}`;
  if (where === "lobby" && start.type !== "lobby") {
    start = { type: "lobby" };
    history.replaceState(null, "", "/");
  }
}

function textQuestion() {
  return state.question && state.question.kind === "text";
}

// Keys: in the prompt and anywhere outside a form field, the terminal's keys go to the table; in the
// log, arrows move through the history; Tab and the browser's own shortcuts stay the browser's.
document.addEventListener("keydown", (event) => {
  sounds.wake();
  const target = event.target;
  const log = document.getElementById("log");
  if (log.contains(target) && view.moveInLog(event)) {
    event.preventDefault();
    return;
  }
  const prompt = document.getElementById("prompt");
  const typed = event.key.length === 1 || TYPED.has(event.key);
  if (target === prompt && textQuestion() && typed && !event.ctrlKey && !event.altKey) return;
  const field = target.closest && target.closest("input, select, textarea");
  if (field && target !== prompt) return;
  if ((event.key === "Enter" || event.key === " ") && target.closest && target.closest("button, a, summary")) return;
  if (target.closest && target.closest("#name-form")) return;
  const name = keyName(event);
  if (name === null) return;
  event.preventDefault();
  send({ type: "key", key: name });
});

document.addEventListener("pointerdown", () => sounds.wake());

for (const button of document.querySelectorAll("#answers button")) {
  button.addEventListener("click", () => send({ type: "key", key: button.dataset.key }));
}

document.getElementById("prompt-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const prompt = document.getElementById("prompt");
  if (textQuestion() && prompt.value !== "") {
    send({ type: "text", text: prompt.value });
    prompt.value = "";
  } else {
    send({ type: "key", key: "enter" });
  }
});

// Settings: kept in this browser, sent to the table at once; a new language reloads the page, whose
// words the server renders in it (the seat comes back by its token).
const languageChoice = document.getElementById("set-lang");
const verbosityChoice = document.getElementById("set-verbosity");
const soundsChoice = document.getElementById("set-sounds");
const wildSignChoice = document.getElementById("set-wild-sign");
verbosityChoice.value = settings.verbosity;
soundsChoice.checked = settings.sounds;
wildSignChoice.checked = settings.wildSign;
for (const radio of document.querySelectorAll('input[name="cards"]')) radio.checked = radio.value === settings.cards;

function changed() {
  settings.verbosity = verbosityChoice.value;
  settings.sounds = soundsChoice.checked;
  settings.wildSign = wildSignChoice.checked;
  settings.cards = document.querySelector('input[name="cards"]:checked').value;
  store.setItem("verbosity", settings.verbosity);
  store.setItem("cards", settings.cards);
  store.setItem("sounds", settings.sounds ? "on" : "off");
  store.setItem("wild_sign", settings.wildSign ? "on" : "off");
  view.setHand(state.hand || [], settings.cards);
  send({ type: "settings", lang: settings.lang, verbosity: settings.verbosity, cards: settings.cards,
    sounds: settings.sounds, wild_sign: settings.wildSign });
}

document.getElementById("settings").addEventListener("change", (event) => {
  if (event.target === languageChoice) {
    rememberLanguage(languageChoice.value);
    send({ type: "settings", lang: languageChoice.value });
    window.location.reload();
    return;
  }
  changed();
});
document.getElementById("settings").addEventListener("submit", (event) => event.preventDefault());

// The lobby's sign-in form: the account's lobby opens in place of the guest's. The password goes once
// over the socket and the field is emptied at once: the page keeps no password.
const signIn = document.getElementById("sign-in");
if (signIn) {
  const password = document.getElementById("account-password");
  const fresh = document.getElementById("account-new");
  fresh.addEventListener("change", () => {
    password.autocomplete = fresh.checked ? "new-password" : "current-password";
  });
  signIn.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = document.getElementById("account-name").value.trim();
    if (!name || !password.value) return;
    store.setItem("name", name);
    send({ type: fresh.checked ? "register" : "sign_in", name, password: password.value });
    password.value = "";
    document.getElementById("prompt").focus();
  });
}

// A name is needed to sit down: the quick-play link's, or the one this browser used last, or asked.
function begin() {
  if (start.name || store.getItem("name")) {
    connect();
    return;
  }
  const form = document.getElementById("name-form");
  const input = document.getElementById("name-input");
  form.hidden = false;
  input.focus();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    store.setItem("name", name);
    form.hidden = true;
    document.getElementById("prompt").focus();
    connect();
  });
}

begin();
