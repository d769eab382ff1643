// Opens a page of an encrypted archive. The page is a shell: the sealed page, base64 of
// nonce ‖ ciphertext ‖ tag (AES-256-GCM), in <script type="application/octet-stream"
// id="sealed"> (data: never run); on <html>, the key's salt and rounds (data-salt,
// data-rounds), the file's name the tag covers (data-name), a small text sealed with the
// same key (data-check: it tells a wrong passphrase from a damaged page) and the words to
// say (data-unlock-words); and a form asking for the passphrase. The key derived from the
// passphrase (never the passphrase) is kept in the tab's sessionStorage, so the next page
// opens without asking; an element with data-forget in an opened page clears it. A classic
// script, nothing fetched: it runs from file:// as from a host.
(function () {
  "use strict";
  var root = document.documentElement;
  var words = JSON.parse(root.getAttribute("data-unlock-words") || "{}");
  var salt = root.getAttribute("data-salt") || "";
  var stored = "bbreport-key-" + salt;
  var encoder = new TextEncoder();
  // The shell replaces itself only once it has loaded: a document still being parsed would
  // have the page written after it instead of in its place.
  var loaded = new Promise(function (resolve) {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", resolve, {once: true});
  });

  function bytes(base64) {
    var text = atob(base64), out = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }
  function base64(array) {
    var text = "";
    for (var i = 0; i < array.length; i++) text += String.fromCharCode(array[i]);
    return btoa(text);
  }
  function say(key) {
    var status = document.querySelector(".unlock-status");
    if (status) status.textContent = words[key] || key;
  }
  // The plaintext of base64 `sealed` under `key` for `name`, or null when the tag fails.
  async function unseal(key, sealed, name) {
    var data = bytes(sealed);
    try {
      return new Uint8Array(await crypto.subtle.decrypt(
        {name: "AES-GCM", iv: data.slice(0, 12), additionalData: encoder.encode(name), tagLength: 128}, key, data.slice(12)));
    } catch (error) {
      return null;
    }
  }
  async function derive(passphrase) {
    var material = await crypto.subtle.importKey("raw", encoder.encode(passphrase.normalize("NFC")), "PBKDF2", false, ["deriveKey"]);
    return crypto.subtle.deriveKey({name: "PBKDF2", salt: bytes(salt), iterations: Number(root.getAttribute("data-rounds")), hash: "SHA-256"},
                                   material, {name: "AES-GCM", length: 256}, true, ["decrypt"]);
  }
  function forget() {
    try { sessionStorage.removeItem(stored); } catch (error) { /* storage off: nothing kept */ }
  }
  // Shows the page `key` opens, or says why it cannot: "shown", "wrong" or "damaged".
  async function show(key) {
    if (await unseal(key, root.getAttribute("data-check") || "", "check") === null) {
      say("unlock_wrong");
      return "wrong";
    }
    var page = await unseal(key, document.getElementById("sealed").textContent.trim(), root.getAttribute("data-name") || "");
    if (page === null) {
      say("unlock_damaged");
      return "damaged";
    }
    try { sessionStorage.setItem(stored, base64(new Uint8Array(await crypto.subtle.exportKey("raw", key)))); } catch (error) { /* not kept */ }
    await loaded;
    document.open();
    document.write(new TextDecoder().decode(page));
    document.close();
    document.querySelectorAll("[data-forget]").forEach(function (element) {
      element.hidden = false;
      element.addEventListener("click", function () { forget(); location.reload(); });
    });
    return "shown";
  }

  var form = document.querySelector("form.unlock");
  if (!form || !window.crypto || !crypto.subtle) return say("unlock_no_crypto");
  form.hidden = false;
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var input = form.querySelector("input[type=password]");
    say("unlock_opening");
    derive(input.value).then(show).then(function (result) { if (result !== "shown") input.select(); });
  });
  var kept = null;
  try { kept = sessionStorage.getItem(stored); } catch (error) { kept = null; }
  if (kept) {
    // A key kept from another archive with the same salt opens nothing here: forgotten.
    crypto.subtle.importKey("raw", bytes(kept), "AES-GCM", true, ["decrypt"]).then(show).then(function (result) {
      if (result === "wrong") { forget(); say("unlock_ask"); }
    });
  }
})();
