// The browser tests hand functions to the page (page.evaluate, waitForFunction): those run in
// Chromium and are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
