// drawpoker: this browser's device key (docs/protocol.md, "Devices"). The lobby's nickname
// field registers it once with the server; the key stays in localStorage, ties every seat
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

// Registers this browser as a device under `nickname` (POST /api/devices) and keeps its key.
async function registerDevice(nickname) {
  const made = await requestJSON("POST", "/api/devices", { nickname });
  keepDevice(made.device, made.nickname);
  return made;
}

// The lobby's nickname field is the one place the nickname is asked: until this browser has a
// device key, a Save button beside it registers the device under that nickname (once).
/** @param {HTMLInputElement} field */
function offerDevice(field) {
  if (deviceKey()) return;
  const error = element("p", { id: "nickname-error", class: "error", role: "alert" });
  const form = element("form", { id: "nickname-form", class: "device" },
    element("button", { type: "submit", text: t("device.save") }), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      field.value = (await registerDevice(field.value)).nickname;
      form.remove();
    } catch (problem) {
      error.textContent = problem.message;
    }
  });
  field.after(form);
}
