// The page's worker (issue 42): Pyodide with forsxl's wheels, and forsxl's commands run on it, so that the page
// never freezes while one runs; what a command says on the way comes to the page as it happens.
import { loadPyodide } from "./pyodide/pyodide.mjs";

let python = null;
let bridge = null;
let manifest = null;
const loaded = new Set();

// The wheels the build marked `load` = `when` (pins.toml): at start, or before the first .ods is read.
async function load(when) {
  const urls = manifest.wheels.filter((wheel) => wheel.load === when && !loaded.has(wheel.file))
    .map((wheel) => new URL(wheel.file, location.href).href);
  if (!urls.length) return;
  await python.loadPackage(urls, { messageCallback: () => {}, errorCallback: (line) => console.warn(line) });
  for (const wheel of manifest.wheels) if (wheel.load === when) loaded.add(wheel.file);
}

// The workbooks and their versions live in /books, kept in the browser's IndexedDB: read at start, written after
// every command.
function sync(populate) {
  return new Promise((resolve, reject) => python.FS.syncfs(populate, (error) => (error ? reject(error) : resolve())));
}

// The modules imported at start, compiled once and kept for this build of the site (bridge.bytecode): later starts
// import them without compiling. `stdlib` is the standard library's zip with them, `packages` those of the wheels.
const COMPILED = "forsxl-pyc";

async function compiled(part) {
  if (!("caches" in self)) return null;
  const found = await (await caches.open(COMPILED)).match(`${part}-${manifest.build}`);
  return found ? found.blob() : null;
}

async function keepCompiled() {
  const cache = await caches.open(COMPILED);
  const parts = python.runPython("from forsxl.web.bridge import bytecode; bytecode()");
  const kept = parts.toJs({ dict_converter: Object.fromEntries });
  parts.destroy();
  for (const request of await cache.keys()) await cache.delete(request);
  for (const [part, data] of Object.entries(kept)) await cache.put(`${part}-${manifest.build}`, new Response(data));
}

async function start(lang) {
  const began = performance.now();
  manifest = await (await fetch("build.json")).json();
  const stdlib = await compiled("stdlib").catch(() => null);
  python = await loadPyodide({
    indexURL: new URL("pyodide/", location.href).href,
    ...(stdlib ? { stdLibURL: URL.createObjectURL(stdlib) } : {}),
    env: { LANG: lang === "ru" ? "ru_RU.UTF-8" : "en_US.UTF-8", HOME: "/home/pyodide" },
  });
  await load("start");
  const packages = await compiled("packages").catch(() => null);
  if (packages) python.unpackArchive(await packages.arrayBuffer(), "zip", { extractDir: "/" });
  python.FS.mkdirTree("/books");
  python.FS.mount(python.FS.filesystems.IDBFS, {}, "/books");
  await sync(true);
  bridge = python.pyimport("forsxl.web.bridge");
  python.runPython("import forsxl.api; forsxl.api.warm()"); // the writing commands' modules, now, not at a click
  if ("caches" in self && !(stdlib && packages)) setTimeout(() => keepCompiled().catch((error) => console.warn(error)), 0);
  return { ms: performance.now() - began };
}

async function run({ command, options, name, data, inputs }, progress) {
  if (name && name.toLowerCase().endsWith(".ods")) await load("ods");
  if (name && data) bridge.put(name, data);
  const paths = inputs.map((input) => (input ? bridge.take(input.name, input.data) : null));
  const placed = (value) => (Array.isArray(value) ? value.map(placed)
    : typeof value === "string" ? value.replace(/^\{input(\d)\}$/, (all, n) => paths[Number(n)] ?? all) : value);
  const given = python.toPy(Object.fromEntries(Object.entries(options).map(([key, value]) => [key, placed(value)])));
  const began = performance.now();
  const outcome = bridge.run(command, name, given, progress);
  const seconds = (performance.now() - began) / 1000;
  given.destroy();
  const result = outcome.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false });
  outcome.destroy();
  await sync(false);
  return { result, seconds };
}

self.onmessage = async ({ data }) => {
  const { id } = data;
  try {
    let answer;
    if (data.type === "start") answer = await start(data.lang);
    else if (data.type === "run") answer = await run(data, (line) => self.postMessage({ type: "progress", line }));
    else if (data.type === "clear") {
      answer = { cleared: bridge.clear() };
      await sync(false);
    }
    self.postMessage({ ...answer, id, type: "done" });
  } catch (error) {
    self.postMessage({ id, type: "error", error: String(error && error.message || error) });
  }
};
