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

// A form asking the nickname, put at the top of `place` when this browser has no device yet
// (the lobby asks it on the first visit, once its texts are loaded).
function askNickname(place, done) {
  if (deviceKey()) return;
  const input = element("input", { id: "device-nickname", name: "nickname", maxlength: "24",
    required: "", autocomplete: "nickname" });
  const error = element("p", { id: "nickname-error", class: "error", role: "alert" });
  const label = hasText("device.nickname") ? t("device.nickname") : "Your nickname (shown at tables and in ratings)";
  const save = hasText("device.save") ? t("device.save") : "Save";
  const form = element("form", { id: "nickname-form", class: "device" },
    element("label", { for: "device-nickname", text: label }),
    input, element("button", { type: "submit", text: save }), error);
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
