// The service worker (issue 42): every file of the site kept in the browser's cache, so that after the first visit
// the page loads and works without the network. `BUILD` (the line above, written by forsxl web build) names the
// site's build: a new build is a new cache, and the old one goes.
const CACHE = `forsxl-${BUILD}`;
const PREVIEW = "forsxl-preview"; // the site a command published, which the page shows (app.js)
const KEPT = [CACHE, PREVIEW, "forsxl-pyc"]; // forsxl-pyc: the modules compiled by the worker, for this build

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(["./", "index.html", "app.js", "words.js",
    "worker.js", "style.css", "build.json"])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith("forsxl-")
    && !KEPT.includes(name)).map((name) => caches.delete(name)))).then(() => self.clients.claim()));
});

// Cache first: what the page fetches is kept as it comes, so that each file is downloaded once.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  event.respondWith((async () => {
    const found = await caches.match(request, { cacheName: new URL(request.url).pathname.includes("/preview/")
      ? PREVIEW : CACHE, ignoreSearch: true });
    if (found) return found;
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  })());
});

// The page asks, once forsxl is ready, that every file of the site be kept (the wheel only an .ods needs too):
// the answer says whether the page now works offline.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "keep") return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const manifest = await (await caches.match("build.json", { cacheName: CACHE }) || await fetch("build.json")).json();
    let kept = true;
    for (const name of Object.keys(manifest.files)) {
      if (await cache.match(name)) continue;
      try {
        const response = await fetch(name);
        if (response.ok) await cache.put(name, response);
        else kept = false;
      } catch {
        kept = false;
      }
    }
    event.ports[0].postMessage({ kept });
  })());
});
