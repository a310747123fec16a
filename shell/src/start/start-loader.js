// The shell's start loader (issue 24): the page's only script tag. It starts main.js once the
// browser has painted the HTML frame, never before, so no script is evaluated ahead of the first
// paint, and starts the page's preloads at that moment too: the server holds them inert in
// <template data-cw-after-paint> (api/src/web/remote-preload.ts afterPaintHints).
// On a phone the paint comes tens of milliseconds after the HTML, long before the start chain's
// files could have arrived, so waiting costs almost nothing.
//
// Why: Lighthouse's simulation (lantern) counts a script evaluated before the observed first paint,
// and a preloaded file that arrived before it, as render-blocking, and charges their download on
// slow 4G to FCP and LCP (docs/performance.md, "Reading Lighthouse"): on a fast link the same page
// measured 0.7 s or 1.9 s from run to run.
//
// The start chain's own scripts are added as scripts (chunkScript below), the rest as the preloads
// they are. They go in a few at a time, SLICE_MS of main-thread time per task: each starts a
// request inside the browser, and the page's ~20 of them in one go were one 35–40 ms task on a
// desktop CPU (150 ms on a phone-speed one), a long task right after the first paint.
// main.js itself starts first, so slicing never delays it.
//
// A plain script, not a module of the build: shell/build/start-loader.mjs minifies it into
// static/js/start.<hash>.js and points the page's script tag at it, with main.js in `data-start`.
// It runs before anything else of ours: no imports, no syntax newer than ES2017, no globals left.
(function (script) {
  var SLICE_MS = 4;
  var main = script && script.getAttribute('data-start');
  if (!main) return;
  var ownFiles = main.slice(0, main.lastIndexOf('/') + 1);
  var started = false;
  var observer;
  function start() {
    if (started) return;
    started = true;
    if (observer) observer.disconnect();
    var tag = document.createElement('script');
    tag.src = main;
    // Once main.js has run, its chunk loader is in charge of the shell's chunks: it has already
    // added a script for each one it needed and not yet had. A second script of ours would run that
    // chunk again (and make Chromium, seeing it run twice, build its code cache there and then: one
    // long task more). Hints still held by then go in as the preloads they are; the chunk loader's
    // own script for such a file finds it downloaded.
    var mainRan = false;
    tag.onload = function () {
      mainRan = true;
    };
    document.head.appendChild(tag);
    // The origin's storage opens on its first use, a synchronous trip to the browser (1–6 ms on a
    // desktop CPU): Module Federation's runtime makes that first use inside main.js's
    // one long task (its debug-mode check). Opened here, in a task of its own while main.js downloads.
    setTimeout(openStorage, 0);
    // The page's held hints, in the order the server wrote them (the start chain's files before the
    // route's remote chain). main.js's own preload is left out: its script is already on its way.
    var hints = [];
    var held = document.querySelectorAll('template[data-cw-after-paint]');
    for (var i = 0; i < held.length; i++) {
      var nodes = held[i].content.cloneNode(true).childNodes;
      for (var j = 0; j < nodes.length; j++) {
        var node = nodes[j];
        if (node.nodeType !== 1 || node.getAttribute('href') === main) continue;
        hints.push(node);
      }
    }
    var next = 0;
    (function insertSlice() {
      var until = performance.now() + SLICE_MS;
      while (next < hints.length) {
        var node = hints[next++];
        var href = node.getAttribute('href');
        // Once main.js has run, a file the app has already asked for is left alone: on a loaded
        // machine the slices run late, and a chunk would be requested twice: the chunk loader's script
        // and then this preload.
        if (mainRan && alreadyAsked(href)) continue;
        var ownChunk = node.getAttribute('as') === 'script' && href.indexOf(ownFiles) === 0;
        document.head.appendChild(ownChunk && !mainRan ? chunkScript(href) : node);
        if (performance.now() >= until) break;
      }
      if (next < hints.length) setTimeout(insertSlice, 0);
    })();
  }
  // The shell's own chunks go in as scripts, not preloads, until main.js has run (above). A preloaded file was handed to V8 only
  // when main.js's chunk loader added its script tag, a dozen of them inside main.js's one long task
  // (at 4× CPU, scripts took that task's median from 357 to 213 ms, and their compile streams with the download).
  // A chunk that arrives first only queues its modules for main.js (the chunk loading global), and
  // the chunk loader adopts a script still on its way instead of adding another.
  function chunkScript(src) {
    var tag = document.createElement('script');
    tag.src = src;
    // A failed one is taken out, so the chunk loader starts a fresh request (and reports a failure
    // of its own) instead of waiting for an event that has already been.
    tag.onerror = function () {
      if (tag.parentNode) tag.parentNode.removeChild(tag);
    };
    return tag;
  }
  // Whether the page has this file already: downloaded (a resource timing entry; the chunk loader
  // takes its script out once loaded) or on its way (a script or stylesheet of the chunk loader or
  // of Module Federation). Entries, src and href are absolute URLs, the hints' hrefs are not.
  function alreadyAsked(href) {
    var url = new URL(href, document.baseURI).href;
    if (performance.getEntriesByName(url).length > 0) return true;
    var asked = document.querySelectorAll('script[src], link[rel="stylesheet"]');
    for (var k = 0; k < asked.length; k++) {
      if ((asked[k].src || asked[k].href) === url) return true;
    }
    return false;
  }
  function openStorage() {
    try {
      return window.localStorage.length;
    } catch (e) {
      return 0; // storage disabled: the shell copes (services/session.ts), nothing to open
    }
  }
  var paintTiming =
    typeof PerformanceObserver === 'function' &&
    Array.isArray(PerformanceObserver.supportedEntryTypes) &&
    PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
  // A hidden page (a background tab, a prerender) paints nothing until shown: start at once, as
  // does a browser that cannot tell us about paints, and a page that has already painted.
  if (
    !paintTiming ||
    document.visibilityState !== 'visible' ||
    performance.getEntriesByName('first-contentful-paint').length > 0
  ) {
    start();
    return;
  }
  observer = new PerformanceObserver(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length > 0) start();
  });
  observer.observe({ type: 'paint', buffered: true });
  // Hidden before it painted, or a paint the browser never reports: the app starts all the same.
  document.addEventListener('visibilitychange', start);
  setTimeout(start, 2500);
})(document.currentScript);
