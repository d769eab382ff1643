// Opens a file of an encrypted archive (docs/safety.md). Each is a shell: the sealed file,
// base64 of nonce ‖ ciphertext ‖ tag (AES-256-GCM), in <script type="application/octet-stream"
// id="sealed"> (data: never run); on <html>, what it holds (data-sealed: a page to show, or
// a download), the key's salt and rounds (data-salt, data-rounds), the file's name the tag
// covers (data-name), a small text sealed with the same key (data-check: it tells a wrong
// passphrase from a damaged file) and the words to say (data-unlock-words); and a form
// asking for the passphrase. The key is PBKDF2-HMAC-SHA256 of the passphrase, expanded by
// HKDF-SHA256 for AES-GCM, as bbreport derives it. The key (never the passphrase) is kept in
// the tab's sessionStorage, so the next page opens without asking; an element with
// data-forget in an opened page clears it. A page's sealed search index comes as a script
// calling bbreportSealed. A classic script, nothing fetched: it runs from file:// as from a
// host.
(function () {
  "use strict";
  var root = document.documentElement;
  var words = {};
  try { words = JSON.parse(root.getAttribute("data-unlock-words") || "{}").words || {}; } catch (error) { words = {}; }
  var salt = root.getAttribute("data-salt") || "";
  var stored = "bbreport-key-" + salt;
  var encoder = new TextEncoder();
  var opened = null;
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
  function say(key, values) {
    var status = document.querySelector(".unlock-status");
    var text = (words[key] || key).replace(/\{(\w+)\}/g, function (all, name) { return values && name in values ? values[name] : all; });
    if (status) status.textContent = text;
    return status;
  }
  // The plaintext of base64 `sealed` under `key` for `name`, or null when the tag fails.
  async function unseal(key, sealed, name) {
    try {
      var data = bytes(sealed);
      return new Uint8Array(await crypto.subtle.decrypt(
        {name: "AES-GCM", iv: data.slice(0, 12), additionalData: encoder.encode(name), tagLength: 128}, key, data.slice(12)));
    } catch (error) {
      return null;
    }
  }
  async function derive(passphrase) {
    var material = await crypto.subtle.importKey("raw", encoder.encode(passphrase.normalize("NFC")), "PBKDF2", false, ["deriveBits"]);
    var master = await crypto.subtle.deriveBits({name: "PBKDF2", salt: bytes(salt), iterations: Number(root.getAttribute("data-rounds")), hash: "SHA-256"},
                                                material, 256);
    var expanding = await crypto.subtle.importKey("raw", master, "HKDF", false, ["deriveKey"]);
    return crypto.subtle.deriveKey({name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("bbreport aes-256-gcm")},
                                   expanding, {name: "AES-GCM", length: 256}, true, ["decrypt"]);
  }
  function forget() {
    try { sessionStorage.removeItem(stored); } catch (error) { /* storage off: nothing kept */ }
  }
  // The page's sealed search index, handed over by its script once the page is open.
  window.bbreportSealed = function (name, sealed) {
    if (!opened) return;
    unseal(opened, sealed, name).then(function (plain) {
      if (plain === null) return;
      var data = JSON.parse(new TextDecoder().decode(plain));
      window.bbreportSearchPages = data.pages;
      window.bbreportSearchIndex = data.index;
      window.dispatchEvent(new Event("bbreport-search-index"));
    });
  };
  async function showPage(plain) {
    await loaded;
    window.bbreportSearchPending = true;
    document.open();
    document.write(new TextDecoder().decode(plain));
    document.close();
    document.querySelectorAll("[data-forget]").forEach(function (element) {
      element.hidden = false;
      element.addEventListener("click", function () { forget(); location.reload(); });
    });
  }
  // A file to save: its name and type sealed on the first line, its bytes after.
  function offerDownload(plain) {
    var end = plain.indexOf(10);
    var header = JSON.parse(new TextDecoder().decode(plain.slice(0, end)));
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([plain.slice(end + 1)], {type: header.type}));
    link.download = header.file;
    link.className = "unlock-download";
    link.textContent = (words.unlock_download || "{file}").replace("{file}", header.file);
    var form = document.querySelector("form.unlock");
    if (form) form.hidden = true;
    var status = say("unlock_download", {file: header.file});
    if (status) { status.textContent = ""; status.appendChild(link); }
  }
  // Shows the file `key` opens, or says why it cannot: "shown", "wrong" or "damaged".
  async function show(key) {
    if (await unseal(key, root.getAttribute("data-check") || "", "check") === null) {
      say("unlock_wrong");
      return "wrong";
    }
    var block = document.getElementById("sealed");
    var plain = block ? await unseal(key, block.textContent.trim(), root.getAttribute("data-name") || "") : null;
    if (plain === null) {
      say("unlock_damaged");
      return "damaged";
    }
    opened = key;
    try { sessionStorage.setItem(stored, base64(new Uint8Array(await crypto.subtle.exportKey("raw", key)))); } catch (error) { /* not kept */ }
    if (root.getAttribute("data-sealed") === "download") offerDownload(plain);
    else await showPage(plain);
    return "shown";
  }

  var form = document.querySelector("form.unlock");
  // WebCrypto is kept for secure pages: https, this machine, and the files themselves.
  if (form && window.isSecureContext === false) return say("unlock_needs_https");
  if (!form || !window.crypto || !crypto.subtle) return say("unlock_no_crypto");
  form.hidden = false;
  say("unlock_ask");
  function focus() { var input = form.querySelector("input[type=password]"); if (input) input.focus(); }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var input = form.querySelector("input[type=password]");
    say("unlock_opening");
    derive(input.value).then(show).then(function (result) { if (result !== "shown") input.select(); });
  });
  var kept = null;
  try { kept = sessionStorage.getItem(stored); } catch (error) { kept = null; }
  if (!kept) focus();
  else {
    // A key kept from another archive with the same salt opens nothing here: forgotten.
    form.hidden = true;
    say("unlock_opening");
    crypto.subtle.importKey("raw", bytes(kept), "AES-GCM", true, ["decrypt"]).then(show).then(function (result) {
      if (result === "wrong") { forget(); form.hidden = false; say("unlock_ask"); focus(); }
    });
  }
})();
