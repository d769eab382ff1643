import Bytes
import Report

/// The few files `serve` adds under `/_bbreport/`, and the pages it makes itself.
enum ServeAssets {
    static let prefix = "/_bbreport/"
    static let socketPath = "/_bbreport/reload"
    static let scriptPath = "/_bbreport/reload.js"
    static let stylesheetPath = "/_bbreport/overlay.css"

    /// The script tag added to every served page; `generation` is the build it shows.
    static func reloadTag(_ generation: Int) -> String {
        "<script src=\"\(scriptPath)\" data-generation=\"\(generation)\"></script>\n"
    }

    /// The error overlay: the build's message exactly as the terminal printed it.
    static func overlay(for failure: Diagnostic, archiveShown: Bool) -> String {
        let after = archiveShown
            ? "You are looking at the last good build. Fix the file and save it: this page reloads by itself."
            : "There is no archive to show yet. Fix the file and save it: this page reloads by itself."
        return """
        <link rel="stylesheet" href="\(stylesheetPath)">
        <div class="bbreport-overlay" role="alertdialog" aria-labelledby="bbreport-overlay-title">
        <div class="bbreport-overlay-panel">
        <h2 id="bbreport-overlay-title">The archive could not be rebuilt</h2>
        <pre>\(MarkupText.escaped(failure.description))</pre>
        <p>\(after)</p>
        </div>
        </div>

        """
    }

    /// A whole page of our own: the failure when there is no archive yet, or "not found".
    static func page(title: String, body: String, generation: Int) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'">
        <meta name="color-scheme" content="dark light">
        <title>\(MarkupText.escaped(title)) · Baby Basics</title>
        <link rel="stylesheet" href="\(stylesheetPath)">
        </head>
        <body class="bbreport-served">
        \(body)
        \(reloadTag(generation))</body>
        </html>

        """
    }

    /// The page for a path that is not in the archive.
    static func notFound(_ path: String, generation: Int) -> String {
        page(title: "Not found", body: """
            <main class="bbreport-missing">
            <h1>Not in the archive</h1>
            <p>There is no page at <code>\(MarkupText.escaped(path))</code>.</p>
            <p><a href="/">Go to the family home</a></p>
            </main>
            """, generation: generation)
    }


    /// Opens the socket, reloads when the build shown changes, reconnects after a restart.
    static let reloadScript = """
        // Added by `bbreport serve` to the pages it serves; never part of a built archive.
        (function () {
          "use strict";
          var shown = document.currentScript.getAttribute("data-generation");
          var address = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "\(socketPath)";
          var delay = 250;
          function connect() {
            var socket = new WebSocket(address);
            socket.onopen = function () { delay = 250; };
            socket.onmessage = function (event) {
              if (event.data !== shown) { location.reload(); }
            };
            socket.onclose = function () {
              setTimeout(connect, delay);
              delay = Math.min(delay * 2, 4000);
            };
          }
          connect();
        })();

        """

    /// Calm in the dark as in the light; the message in a monospace font, wrapped.
    static let overlayStylesheet = """
        .bbreport-overlay {
          position: fixed; inset: 0; z-index: 2147483647;
          display: flex; align-items: flex-start; justify-content: center;
          padding: 8vh 16px 16px; overflow: auto;
          background: rgb(20 16 14 / 0.55);
        }
        .bbreport-overlay-panel, .bbreport-missing {
          box-sizing: border-box; width: min(760px, 100%);
          padding: 24px 28px; border-radius: 14px;
          background: #fffaf4; color: #2b2521;
          border-top: 6px solid #b3402f;
          box-shadow: 0 12px 40px rgb(0 0 0 / 0.3);
          font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif;
        }
        .bbreport-missing { margin: 10vh auto; border-top-color: #8a6f5c; }
        .bbreport-served { margin: 0; padding: 0 16px; background: #f6efe6; }
        .bbreport-overlay h2, .bbreport-missing h1 { margin: 0 0 12px; font-size: 20px; font-weight: 600; }
        .bbreport-overlay pre {
          margin: 0 0 16px; padding: 14px 16px; border-radius: 8px;
          background: #f3e8dd; color: #7a2a1e;
          font: 14px/1.5 ui-monospace, "DejaVu Sans Mono", monospace;
          white-space: pre-wrap; overflow-wrap: anywhere;
        }
        .bbreport-overlay p, .bbreport-missing p { margin: 0 0 8px; }
        .bbreport-missing a { color: #8c3b1f; }
        @media (prefers-color-scheme: dark) {
          .bbreport-overlay { background: rgb(0 0 0 / 0.6); }
          .bbreport-overlay-panel, .bbreport-missing { background: #2a2320; color: #eee3d8; border-top-color: #e07a66; }
          .bbreport-missing { border-top-color: #b99a84; }
          .bbreport-served { background: #1c1715; }
          .bbreport-overlay pre { background: #1c1715; color: #f2b3a6; }
          .bbreport-missing a { color: #f0b48f; }
        }
        @media print { .bbreport-overlay { display: none; } }

        """
}
