// The browser client of Left Right Center (issue 24). The game runs on the server, in the same screens as
// the terminal; this page only shows and announces what is said, plays the cues, and sends the keys.
// Everything from the server is inserted as text (textContent), never as HTML. See docs/browser.md.
"use strict";

(function () {
  const body = document.body;
  let strings = {};
  try {
    strings = JSON.parse(body.dataset.strings || "{}");
  } catch (error) {
    strings = {};
  }
  const messages = document.getElementById("messages");
  const answers = document.getElementById("answers");
  const history = document.getElementById("history");
  const choices = document.getElementById("choices");
  const linesPart = document.getElementById("lines-part");
  const lines = document.getElementById("lines");
  const status = document.getElementById("status");
  const keysArea = document.getElementById("keys");
  const typing = document.getElementById("typing");
  const typed = document.getElementById("typed");
  const sendTyped = document.getElementById("send-typed");
  const SETTINGS = "lcr-audio-settings";
  const KEEP_IN_REGION = 3; // live regions keep their last few lines; the history keeps everything
  let socket = null;
  let ownVoice = false;
  let rate = 0;
  let language = document.documentElement.lang || "en";
  let audio = null;
  let audioPrepared = false;
  const buffers = new Map();
  const playing = new Set();

  function setState(state, text) {
    body.dataset.state = state;
    if (text) {
      status.textContent = text;
    }
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
    }
  }

  function append(region, text) {
    const line = document.createElement("p");
    line.textContent = text;
    region.appendChild(line);
    while (region.childElementCount > KEEP_IN_REGION) {
      region.removeChild(region.firstElementChild);
    }
  }

  function remember(text) {
    const item = document.createElement("li");
    item.textContent = text;
    history.appendChild(item);
  }

  // --- speech: live regions for the player's screen reader, or the browser's own voice ----------------

  function hasVoices() {
    return "speechSynthesis" in window && window.speechSynthesis.getVoices().length > 0;
  }
  if ("speechSynthesis" in window) {
    window.speechSynthesis.getVoices(); // starts loading them: some browsers list none until asked
  }

  function speakAloud(message) {
    if (!("speechSynthesis" in window)) {
      send({ type: "spoken", id: message.id });
      return;
    }
    if (message.kind === "answer") {
      window.speechSynthesis.cancel();
    }
    const utterance = new SpeechSynthesisUtterance(message.text);
    utterance.lang = language;
    utterance.rate = Math.min(2, Math.max(0.5, 1 + rate / 10));
    const done = function () {
      send({ type: "spoken", id: message.id });
    };
    utterance.addEventListener("end", done);
    utterance.addEventListener("error", done);
    window.speechSynthesis.speak(utterance);
  }

  function say(message) {
    if (!message.again) {
      remember(message.text);
    }
    if (ownVoice) {
      speakAloud(message);
    } else if (!message.again) {
      append(message.kind === "answer" ? answers : messages, message.text);
    }
  }

  // --- sound: Web Audio, each cue where it sounds around the table ------------------------------------

  // Opening the audio device takes Chromium a quarter of a second, all that time on the page's one
  // thread: done once the page is idle after its first sentence (the context starts suspended, as
  // browsers want), so that no key waits for it; the first key or tap only resumes it.
  function prepareAudio() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (audio === null && Context) {
      try {
        audio = new Context();
      } catch (error) {
        audio = null; // no sound device: the game goes on without cues
      }
    }
  }

  function prepareAudioWhenIdle() {
    if (audioPrepared) {
      return;
    }
    audioPrepared = true;
    if ("requestIdleCallback" in window) {
      window.requestIdleCallback(prepareAudio, { timeout: 1000 });
    } else {
      window.setTimeout(prepareAudio, 200);
    }
  }

  function startAudio() {
    prepareAudio();
    if (audio !== null && audio.state === "suspended") {
      audio.resume();
    }
  }

  function buffer(name) {
    if (!buffers.has(name)) {
      const loading = fetch("sounds/" + encodeURIComponent(name) + ".wav")
        .then(function (response) {
          return response.arrayBuffer();
        })
        .then(function (data) {
          return audio.decodeAudioData(data);
        });
      buffers.set(name, loading);
    }
    return buffers.get(name);
  }

  function playCue(message) {
    if (audio === null) {
      return;
    }
    buffer(message.name)
      .then(function (decoded) {
        const source = audio.createBufferSource();
        source.buffer = decoded;
        const gain = audio.createGain();
        gain.gain.value = Math.max(0, Math.min(1, message.volume));
        let node = source;
        if (typeof message.pan === "number" || typeof message.to === "number") {
          const panner = audio.createStereoPanner();
          const start = typeof message.pan === "number" ? message.pan : 0;
          panner.pan.setValueAtTime(start, audio.currentTime);
          if (typeof message.to === "number") {
            panner.pan.linearRampToValueAtTime(message.to, audio.currentTime + decoded.duration);
          }
          node.connect(panner);
          node = panner;
        }
        node.connect(gain);
        gain.connect(audio.destination);
        playing.add(source);
        source.addEventListener("ended", function () {
          playing.delete(source);
        });
        source.start();
      })
      .catch(function () {
        buffers.delete(message.name); // tried again next time; a cue never stops the game
      });
  }

  function stopCues() {
    playing.forEach(function (source) {
      try {
        source.stop();
      } catch (error) {
        // already ended
      }
    });
    playing.clear();
  }

  // --- the buttons: the keys that work now, for touch -------------------------------------------------

  function showTyping(shown) {
    if (typing.hidden === !shown) {
      return;
    }
    const had = typing.contains(document.activeElement);
    typing.hidden = !shown;
    if (!shown) {
      typed.value = "";
      if (had) {
        keysArea.focus(); // the text box went away with its question: the focus stays in the game
      }
    }
  }

  function submitTyped() {
    send({ type: "text", text: typed.value });
    typed.value = "";
    startAudio();
  }

  sendTyped.addEventListener("click", submitTyped);
  typed.addEventListener("keydown", function (event) {
    event.stopPropagation(); // typed into the box, not sent key by key
    if (event.key === "Enter") {
      event.preventDefault();
      submitTyped();
    } else if (event.key === "Escape") {
      event.preventDefault();
      send({ type: "key", key: "Escape", ctrl: false, alt: false });
    }
  });

  function showChoices(items) {
    const focused = document.activeElement;
    const wanted = items.map(function (item) {
      return JSON.stringify([item.key, item.ctrl, item.label]);
    });
    let lostFocus = false;
    Array.from(choices.children).forEach(function (button) {
      if (wanted.indexOf(button.dataset.id) < 0) {
        if (button === focused) {
          lostFocus = true;
        }
        choices.removeChild(button);
      }
    });
    items.forEach(function (item, index) {
      const id = wanted[index];
      let button = Array.from(choices.children).find(function (b) {
        return b.dataset.id === id;
      });
      if (!button) {
        button = document.createElement("button");
        button.type = "button";
        button.dataset.id = id;
        button.textContent = item.label;
        button.addEventListener("click", function () {
          send({ type: "key", key: item.key, ctrl: item.ctrl, alt: false });
          startAudio();
        });
      }
      choices.appendChild(button); // in the order given; a button kept keeps its focus
    });
    if (lostFocus) {
      keysArea.focus(); // the button that had the focus is gone: the keys area takes it, never the page
    }
  }

  // The lines of the screen in front (a menu's items, the rules' sections, the options, a question's
  // values), one button each: a tap does there what the keys would (a menu's item is chosen). The buttons
  // stay while the screen does (a value or the cursor changes in place: aria-current), so a focused one
  // keeps its focus; another screen's lines replace them.
  function showLines(list) {
    const items = list && Array.isArray(list.items) ? list.items : [];
    const number = list ? Number(list.id) : 0;
    const kept = lines.dataset.id === String(number) && lines.childElementCount === items.length;
    if (!kept) {
      const lostFocus = lines.contains(document.activeElement);
      while (lines.firstChild) {
        lines.removeChild(lines.firstChild);
      }
      lines.dataset.id = String(number);
      items.forEach(function (item, index) {
        const button = document.createElement("button");
        button.type = "button";
        button.addEventListener("click", function () {
          send({ type: "pick", list: number, item: index });
          startAudio();
        });
        lines.appendChild(button);
      });
      if (lostFocus) {
        keysArea.focus(); // the screen changed under the focus: the keys area takes it, never the page
      }
    }
    items.forEach(function (item, index) {
      const button = lines.children[index];
      const label = String(item.label);
      if (button.textContent !== label) {
        button.textContent = label;
      }
      if (item.current) {
        button.setAttribute("aria-current", "true");
      } else {
        button.removeAttribute("aria-current");
      }
    });
    linesPart.hidden = items.length === 0;
  }

  // --- keys -----------------------------------------------------------------------------------------

  const NAMED = new Set([
    "Enter", "Escape", "Backspace", "Delete", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
    "PageUp", "PageDown", "Home", "End", "F1", "F2", "F7", "F8",
  ]);
  const CONTROL_LETTERS = new Set(["s", "d"]);

  document.addEventListener("keydown", function (event) {
    if (event.isComposing || event.metaKey || event.altKey) {
      return;
    }
    const target = event.target;
    if (target && target.tagName === "BUTTON" && (event.key === "Enter" || event.key === " ")) {
      return; // the button's own click sends its key
    }
    let wanted = false;
    if (event.ctrlKey) {
      wanted = CONTROL_LETTERS.has(event.key.toLowerCase()) || event.key === "F1";
    } else {
      wanted = event.key.length === 1 || NAMED.has(event.key);
    }
    if (!wanted) {
      return; // Tab, F5, Control+C and the others stay the browser's
    }
    event.preventDefault();
    send({ type: "key", key: event.key, ctrl: event.ctrlKey, alt: false }); // the key first, then sound
    startAudio();
  });
  document.addEventListener("pointerdown", startAudio);

  // --- the connection -------------------------------------------------------------------------------

  function applyStrings(next) {
    strings = next || strings;
    document.documentElement.lang = language.replace("_", "-");
    document.title = strings.title || document.title;
    const heading = document.getElementById("title");
    if (strings.title) heading.textContent = strings.title;
    if (strings.help) document.getElementById("help").textContent = strings.help;
    if (strings.choices) document.getElementById("choices-label").textContent = strings.choices;
    if (strings.lines) document.getElementById("lines-label").textContent = strings.lines;
    if (strings.history) document.getElementById("history-label").textContent = strings.history;
    if (strings.typed) document.getElementById("typed-label").textContent = strings.typed;
    if (strings.send) sendTyped.textContent = strings.send;
    if (strings.keys) keysArea.setAttribute("aria-label", strings.keys);
    if (strings.messages) messages.setAttribute("aria-label", strings.messages);
    if (strings.answers) answers.setAttribute("aria-label", strings.answers);
  }

  function receive(message) {
    switch (message.type) {
      case "say":
        say(message);
        prepareAudioWhenIdle();
        break;
      case "silence":
        if ("speechSynthesis" in window) window.speechSynthesis.cancel();
        break;
      case "cue":
        playCue(message);
        break;
      case "stop-cues":
        stopCues();
        break;
      case "choices":
        showLines(message.list || null);
        showChoices(message.items || []);
        showTyping(Boolean(message.typed));
        break;
      case "settings":
        try {
          window.localStorage.setItem(SETTINGS, message.settings);
        } catch (error) {
          // private browsing: settings last for this page only
        }
        break;
      case "language":
        language = message.lang || language;
        applyStrings(message.strings);
        break;
      case "voice":
        if (message.own && !hasVoices()) {
          // Options chose the browser's voice, but it has none: say so once, and stay with the live regions
          say({ text: strings.novoice || "", kind: "answer", again: false, id: 0 });
          send({ type: "novoice" });
          ownVoice = false;
          break;
        }
        ownVoice = Boolean(message.own);
        if (!ownVoice && "speechSynthesis" in window) window.speechSynthesis.cancel();
        break;
      case "rate":
        rate = Number(message.rate) || 0;
        break;
      case "end":
        showChoices([]); // the game is over: no button may offer a key that does nothing now
        showTyping(false);
        setState("ended", message.text);
        say({ text: message.text, kind: "answer", again: false, id: 0 });
        break;
      default:
        break;
    }
  }

  function connect() {
    const address = new URL("play", window.location.href);
    address.protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
    address.search = "";
    address.hash = "";
    socket = new WebSocket(address.href);
    socket.addEventListener("open", function () {
      let saved = null;
      try {
        saved = window.localStorage.getItem(SETTINGS);
      } catch (error) {
        saved = null;
      }
      const query = new URLSearchParams(window.location.search);
      const asked = query.get("lang");
      const languages = (asked ? [asked] : []).concat(Array.from(navigator.languages || [navigator.language]));
      send({ type: "hello", languages: languages, settings: saved, join: query.get("join") });
      setState("connected", strings.connected || "");
    });
    socket.addEventListener("message", function (event) {
      let message = null;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (message && typeof message.type === "string") {
        receive(message);
      }
    });
    socket.addEventListener("close", function () {
      if (body.dataset.state !== "ended") {
        showChoices([]);
        showTyping(false);
        setState("lost", strings.lost);
        say({ text: strings.lost || "", kind: "answer", again: false, id: 0 });
      }
    });
  }

  connect();
})();
