// drawpoker: this browser's device key (docs/protocol.md, "Devices"). The first visit asks a
// nickname once and gets a key from the server; the key stays in localStorage, ties every seat
// taken here to this device, and can be exported and imported in another browser.
"use strict";

const DEVICE_STORE = "drawpoker.device";
const NICKNAME_STORE = "drawpoker.nickname";

function deviceKey() {
  return localStorage.getItem(DEVICE_STORE);
}

function deviceNickname() {
  return localStorage.getItem(NICKNAME_STORE) || "";
}

function keepDevice(key, nickname) {
  localStorage.setItem(DEVICE_STORE, key);
  localStorage.setItem(NICKNAME_STORE, nickname);
}

// A form asking the nickname, put at the top of `place` when this browser has no device yet.
function askNickname(place, done) {
  if (deviceKey()) return;
  const input = element("input", { id: "nickname", name: "nickname", maxlength: "24",
    required: "", autocomplete: "nickname" });
  const error = element("p", { id: "nickname-error", class: "error", role: "alert" });
  const form = element("form", { id: "nickname-form", class: "device" },
    element("label", { for: "nickname", text: "Your nickname (shown at tables and in ratings)" }),
    input, element("button", { type: "submit", text: "Save" }), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await requestJSON("POST", "/api/devices", { nickname: input.value });
      keepDevice(made.device, made.nickname);
      form.remove();
      if (done) done(made.nickname);
    } catch (problem) {
      error.textContent = problem.message;
    }
  });
  place.prepend(form);
}

// The lobby asks the nickname on the first visit.
const lobbyMain = document.querySelector("main.lobby");
if (lobbyMain) askNickname(lobbyMain);
