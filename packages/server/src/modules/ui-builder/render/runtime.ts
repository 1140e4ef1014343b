/**
 * The hydration script of published pages, served by the UI origin at `/_basalt/ui-runtime.js`
 * (the CSP allows scripts from there only). It needs no developer logic: it reads the page state
 * island, keeps paging and sorting of data components in place (fetching the same page's HTML and
 * swapping the component), closes modals, holds forms from a full-page post, and marks the page
 * hydrated. Developer logic is not run yet (decision 0080).
 */
export const UI_RUNTIME_PATH = '/_basalt/ui-runtime.js';

export const UI_RUNTIME_JS = `(function () {
  'use strict';
  var island = document.getElementById('bsl-state');
  var state = {};
  try { state = island ? JSON.parse(island.textContent || '{}') : {}; } catch (e) { state = {}; }
  window.basaltPage = state;
  function byUid(root, uid) {
    var all = root.querySelectorAll('[data-uid]');
    for (var i = 0; i < all.length; i++) if (all[i].getAttribute('data-uid') === uid) return all[i];
    return null;
  }
  document.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    var close = target.closest('[data-bsl-close]');
    if (close) {
      var modal = close.closest('.bsl-modal');
      if (modal) modal.hidden = true;
      return;
    }
    var nav = target.closest('a[data-bsl-nav]');
    if (!nav || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    var uid = nav.getAttribute('data-bsl-nav');
    var href = nav.href;
    fetch(href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then(function (res) { return res.text(); })
      .then(function (html) {
        var next = byUid(new DOMParser().parseFromString(html, 'text/html'), uid);
        var current = byUid(document, uid);
        if (!next || !current) { window.location.href = href; return; }
        current.replaceWith(document.importNode(next, true));
        window.history.replaceState(null, '', href);
      })
      .catch(function () { window.location.href = href; });
  });
  document.addEventListener('submit', function (event) {
    var form = event.target instanceof Element ? event.target.closest('.bsl-form') : null;
    if (form) event.preventDefault();
  });
  // A PWA container (decision 0086): its service worker, from this origin, scoped to the container.
  var manifest = document.querySelector('link[rel="manifest"][data-sw]');
  if (manifest && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register(manifest.getAttribute('data-sw'), { scope: manifest.getAttribute('data-scope') }).catch(function () {});
  }
  document.documentElement.setAttribute('data-bsl-hydrated', '1');
})();
`;
