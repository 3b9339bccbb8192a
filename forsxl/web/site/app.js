// The page (issue 42): the referee chooses a workbook, clicks a command, and forsxl runs it in a Web Worker
// (worker.js) on Pyodide; the workbook is written back to the file on disk where the browser allows it
// (the File System Access API), else offered for download under its own name. Nothing leaves the computer.
import { WORDS } from "./words.js";

const lang = [...(navigator.languages || [navigator.language])]
  .map((tag) => tag.slice(0, 2).toLowerCase()).find((tag) => tag in WORDS) || "en";
const say = (key, fields = {}) => WORDS[lang][key].replace(/\{(\w+)\}/g, (all, name) => fields[name] ?? all);
const $ = (selector) => document.querySelector(selector);

// Each button's command and options, named as forsxl.api names them (the terminal's options without their dashes):
// `{book}` is the workbook, `{stem}` its name without the suffix, `{inputN}` the Nth file its form asks for; each
// field of the form adds its option when filled in.
const COMMANDS = {
  check: {},
  pair: {},
  standings: {},
  recompute: { command: "pair", options: { recompute: true },
    fields: [{ name: "round", type: "number" }, { name: "board", required: true }] },
  schedule: {},
  explain: { fields: [{ name: "player" }, { name: "than" }, { name: "round", type: "number" }] },
  regulation: {},
  publish: { options: { output: "{stem}-site" } },
  print: { fields: [{ name: "round", type: "number" }] },
  export: { fields: [{ name: "format", choices: "exports" }, { name: "egf_class" },
    { name: "minutes", type: "number" }] },
  import: { options: { source: "{input0}" }, files: [{ name: "source", required: true }] },
  merge: { options: { copies: ["{input1}", "{book}", "{input0}"], output: "{book}" },
    files: [{ name: "other", required: true, accept: ".xlsx" }, { name: "base", accept: ".xlsx" }],
    fields: [{ name: "prefer", choices: ["", "a", "b"] }] },
  history: {},
  undo: { fields: [{ name: "version", option: "to", type: "number" }] },
};

let manifest = null;
let book = null; // {name, handle: a FileSystemFileHandle to write back to, or null; data: its bytes then}
let busy = false;
let asked = 0;
const waiting = new Map();

const worker = new Worker("worker.js", { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.type === "progress") return showProgress(data.line);
  const pending = waiting.get(data.id);
  waiting.delete(data.id);
  if (data.type === "error") pending.reject(new Error(data.error));
  else pending.resolve(data);
};
worker.onerror = (event) => failed(event.message || "worker");

function ask(message, transfer = []) {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ ...message, id }, transfer);
  });
}

function words() {
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll("[data-w]")) element.textContent = say(element.dataset.w);
  for (const button of document.querySelectorAll("[data-command]")) {
    button.textContent = say(button.dataset.command);
    button.onclick = () => choose(button.dataset.command);
  }
  document.title = say("title");
}

function setState(text) {
  $("#state").textContent = text;
}

function showProgress(line) {
  $("#progress").hidden = false;
  setState(line);
}

function failed(error) {
  setState(say("failed", { error }));
  $("#progress").hidden = true;
}

// The service worker keeps every file of the site (sw.js): the page loads and works without the network after the
// first visit. The worker starts once the service worker controls the page, so that what it downloads is kept.
async function offline() {
  if (!("serviceWorker" in navigator)) {
    $("#offline").textContent = say("no_offline");
    return;
  }
  try {
    await navigator.serviceWorker.register("sw.js");
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
        setTimeout(resolve, 5000); // a browser that never hands the page over: start all the same
      });
    }
  } catch {
    $("#offline").textContent = say("no_offline");
  }
}

async function kept() {
  const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!controller) return;
  $("#offline").textContent = say("offline_pending");
  const channel = new MessageChannel();
  const done = new Promise((resolve) => { channel.port1.onmessage = ({ data }) => resolve(data); });
  controller.postMessage({ type: "keep" }, [channel.port2]);
  const answer = await done;
  $("#offline").textContent = say(answer.kept ? "offline" : "no_offline");
  document.body.dataset.offline = answer.kept ? "yes" : "no";
}

async function start() {
  words();
  manifest = await (await fetch("build.json")).json();
  $("#privacy").textContent = say("privacy", { version: manifest.version });
  await offline();
  const size = Object.entries(manifest.files).filter(([name]) => !name.includes("calamine"))
    .reduce((total, [, file]) => total + file.size, 0);
  setState(say("loading_first", { size: Math.round(size / 2 ** 20) }));
  $("#progress").hidden = false;
  try {
    const ready = await ask({ type: "start", lang });
    window.forsxlReady = ready.ms;
  } catch (error) {
    return failed(error.message);
  }
  $("#progress").hidden = true;
  setState(say("ready"));
  for (const button of ["#open", "#demo", "#clear"]) $(button).disabled = false;
  document.body.dataset.ready = "yes";
  await remembered();
  kept();
}

// Choosing the workbook.
async function openHandle(handle) {
  book = { name: handle.name, handle, data: null };
  await remember(handle);
  chosen();
}

function openFile(file, data) {
  book = { name: file.name, handle: null, data };
  chosen();
}

function chosen() {
  $("#chosen").textContent = say(book.handle ? "in_place" : "by_download", { name: book.name });
  $("#actions").hidden = false;
  $("#reopen").hidden = true;
  $("#download").hidden = true;
  $("#answer").hidden = true;
  $("#preview").hidden = true;
}

$("#open").onclick = async () => {
  if (window.showOpenFilePicker) {
    try {
      const [handle] = await window.showOpenFilePicker({ types: [{ description: "Workbook",
        accept: { "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
          "application/vnd.oasis.opendocument.spreadsheet": [".ods"] } }] });
      await openHandle(handle);
    } catch (error) {
      if (error.name !== "AbortError") failed(error.message);
    }
  } else {
    $("#picker").click();
  }
};
$("#picker").onchange = async () => {
  const file = $("#picker").files[0];
  if (file) openFile(file, new Uint8Array(await file.arrayBuffer()));
  $("#picker").value = "";
};

// The last workbook chosen with a handle is remembered (IndexedDB keeps handles), to open again after a reload;
// the browser asks the referee's leave to write to it again.
const HANDLES = "forsxl-handles";
function handles(mode, action) {
  return new Promise((resolve, reject) => {
    const opened = indexedDB.open(HANDLES, 1);
    opened.onupgradeneeded = () => opened.result.createObjectStore("last");
    opened.onerror = () => reject(opened.error);
    opened.onsuccess = () => {
      const request = action(opened.result.transaction("last", mode).objectStore("last"));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    };
  });
}
async function remember(handle) {
  await handles("readwrite", (store) => store.put(handle, "book")).catch(() => {});
}
async function remembered() {
  const handle = await handles("readonly", (store) => store.get("book")).catch(() => null);
  if (!handle || book) return;
  $("#reopen").textContent = say("reopen", { name: handle.name });
  $("#reopen").hidden = false;
  $("#reopen").disabled = false;
  $("#reopen").onclick = async () => {
    if (await handle.requestPermission({ mode: "readwrite" }) === "granted") await openHandle(handle);
  };
}

$("#demo").onclick = () => run("demo", { played: 3, lang });

$("#clear").onclick = async () => {
  await ask({ type: "clear" });
  setState(say("cleared"));
};

// A command: its form first when it has options or files to ask for.
function choose(command) {
  const spec = COMMANDS[command];
  if (!spec.fields && !spec.files) return run(command, spec.options || {}, command);
  const fields = $("#fields");
  fields.replaceChildren();
  $("#options-title").textContent = say(command);
  for (const field of [...(spec.files || []).map((f) => ({ ...f, file: true })), ...(spec.fields || [])]) {
    const label = document.createElement("label");
    label.append(say(field.name) + " ");
    let input;
    if (field.choices) {
      input = document.createElement("select");
      const choices = field.choices === "exports" ? manifest.exports : field.choices;
      for (const choice of choices) {
        const option = document.createElement("option");
        option.value = choice;
        option.textContent = field.name === "prefer" ? say(`prefer_${choice || "none"}`) : choice;
        input.append(option);
      }
    } else {
      input = document.createElement("input");
      input.type = field.file ? "file" : field.type || "text";
      if (field.accept) input.accept = field.accept;
      if (field.type === "number") input.min = 1;
      if (!field.required) input.placeholder = say("optional");
    }
    input.name = field.name;
    input.required = Boolean(field.required);
    label.append(input);
    fields.append(label);
  }
  const form = $("#options");
  form.hidden = false;
  form.onsubmit = async (event) => {
    event.preventDefault();
    form.hidden = true;
    const options = { ...spec.options };
    const inputs = [];
    for (const field of spec.files || []) {
      const file = form.elements[field.name].files[0];
      inputs.push(file ? { name: file.name, data: new Uint8Array(await file.arrayBuffer()) } : null);
    }
    for (const field of spec.fields || []) {
      const value = form.elements[field.name].value.trim();
      if (value) options[field.option || field.name] = field.type === "number" ? Number(value) : value;
    }
    if (options.format === "csv") options.output = "{stem}.csv"; // else the terminal prints it
    run(command, options, command, inputs);
  };
  $("#cancel").onclick = () => { form.hidden = true; };
  fields.querySelector("input, select").focus();
}

async function read() {
  if (!book) return null;
  return book.handle ? new Uint8Array(await (await book.handle.getFile()).arrayBuffer()) : book.data;
}

// Run a command: `button` is the button's name (null for the demo), `options` its options; `{stem}` and `{inputN}`
// are filled in, and an option naming a file not given is left out.
async function run(button, options, command = null, inputs = []) {
  if (busy) return setState(say("busy"));
  busy = true;
  document.body.dataset.busy = "yes";
  setState(say("running", { command: say(command || "demo") }));
  $("#progress").hidden = false;
  try {
    const data = command ? await read() : null;
    const stem = book ? book.name.replace(/\.[^.]*$/, "") : "";
    const fill = (value) => (Array.isArray(value) ? value.map(fill).filter((v) => v !== null)
      : typeof value !== "string" ? value
        : /^\{input\d\}$/.test(value) ? (inputs[Number(value[6])] ? value : null) : value.replace("{stem}", stem));
    const filled = Object.fromEntries(Object.entries(options).map(([key, value]) => [key, fill(value)]));
    const answer = await ask({ type: "run", command: (COMMANDS[button] || {}).command || button, options: filled,
      name: command ? book.name : null, data, inputs });
    document.body.dataset.seconds = answer.seconds; // how long forsxl took (bench/web.py reads it)
    await show(answer.result, command);
  } catch (error) {
    failed(error.message);
  } finally {
    busy = false;
    document.body.dataset.busy = "no";
    $("#progress").hidden = true;
  }
}

async function show(result, command) {
  setState(say("ready"));
  $("#answer").hidden = false;
  $("#lines").textContent = [...result.out, ...result.err.filter((line) =>
    !result.problems.some((problem) => problem.line === line))].join("\n");
  const problems = $("#problems");
  problems.hidden = !result.problems.length;
  problems.querySelector("ul").replaceChildren(...result.problems.map((problem) => {
    const item = document.createElement("li");
    const cell = document.createElement("strong");
    cell.className = "cell";
    cell.textContent = problem.cell;
    item.append(cell, problem.line.slice(problem.cell.length));
    return item;
  }));
  const outputs = $("#outputs");
  outputs.replaceChildren();
  $("#preview").hidden = true;
  for (const output of result.outputs) {
    if (book && book.name.endsWith(".ods") && output.name === book.name.replace(/\.ods$/, ".xlsx")) {
      book = { name: output.name, handle: null, data: output.data }; // saved as .xlsx beside the .ods
      chosen();
      offer(output.name, output.data);
    } else if (!command && output.name.endsWith(".xlsx")) {
      book = { name: output.name, handle: null, data: output.data }; // the demo's workbook
      chosen();
      offer(output.name, output.data);
    } else {
      outputs.append(link(output.site ? say("site", { name: output.name }) : output.name, output.name, output.data));
      if (output.site) await preview(output.files);
      else if (command === "print") printed(output.data);
      else if (command === "regulation" || output.name.endsWith(".html")) framed(output.data);
    }
  }
  if (result.book) await written(result.book);
}

function link(text, name, data) {
  const item = document.createElement("li");
  const anchor = document.createElement("a");
  anchor.textContent = text;
  anchor.download = name;
  anchor.href = URL.createObjectURL(new Blob([data]));
  item.append(anchor);
  return item;
}

function offer(name, data) {
  const anchor = $("#download");
  anchor.hidden = false;
  anchor.textContent = say("download", { name });
  anchor.download = name;
  if (anchor.href) URL.revokeObjectURL(anchor.href);
  anchor.href = URL.createObjectURL(new Blob([data], { type: "application/octet-stream" }));
}

// The workbook a command wrote: into the file on disk (the browser writes a copy and renames it over the file when
// it is closed, so the file is the old workbook or the new one, never half of one), or offered for download.
async function written(data) {
  if (book.handle) {
    if (await book.handle.queryPermission({ mode: "readwrite" }) !== "granted"
        && await book.handle.requestPermission({ mode: "readwrite" }) !== "granted") {
      book = { name: book.name, handle: null, data };
      chosen();
    } else {
      const writable = await book.handle.createWritable();
      await writable.write(data);
      await writable.close();
      setState(say("written", { name: book.name }));
      return;
    }
  }
  book.data = data;
  offer(book.name, data);
}

function framed(data) {
  const frame = $("#preview");
  frame.hidden = false;
  frame.src = URL.createObjectURL(new Blob([data], { type: "text/html" }));
}

// Print slips: the slips page in a frame, and the browser's print dialog on it.
function printed(data) {
  const frame = $("#preview");
  frame.hidden = false;
  frame.onload = () => {
    frame.onload = null;
    frame.contentWindow.print();
  };
  frame.src = URL.createObjectURL(new Blob([data], { type: "text/html" }));
  setState(say("print_note"));
}

// The published site in the page: its files put where the service worker serves them (preview/), its pages
// linking each other as on a web server.
async function preview(files) {
  if (!("caches" in window) || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
  const cache = await caches.open("forsxl-preview");
  for (const request of await cache.keys()) await cache.delete(request);
  const base = new URL("preview/", location.href);
  for (const [name, data] of Object.entries(files)) {
    const type = name.endsWith(".html") ? "text/html; charset=utf-8" : name.endsWith(".css") ? "text/css"
      : name.endsWith(".js") ? "text/javascript" : name.endsWith(".svg") ? "image/svg+xml" : "application/octet-stream";
    await cache.put(new URL(name, base), new Response(data, { headers: { "Content-Type": type } }));
  }
  const frame = $("#preview");
  frame.hidden = false;
  frame.src = new URL("index.html", base).href;
}

// What a test or another script can drive, as the buttons do: open a workbook (a handle, or a file's bytes), click
// a command (`run`), or run one with its options and files given (`command`).
window.forsxl = {
  openHandle, openFile, run: (command) => choose(command), get book() { return book; },
  command: (button, options = {}, inputs = []) => run(button, { ...COMMANDS[button].options, ...options }, button,
    inputs),
};
start();
