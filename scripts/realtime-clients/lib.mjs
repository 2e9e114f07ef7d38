// Shared helpers for the realtime client scripts driven by the Go tests.
// Every script prints one JSON object per line: {"check":..,"ok":..} lines
// and a final {"done":true}.
import { io as ioV4 } from "socket.io-client-v4";
import ioV2 from "socket.io-client-v2";

export const TEXTS = {
  malayalam: "നമസ്കാരം",
  tamil: "வணக்கம்",
  hindi: "नमस्ते",
  emoji: "🙏💍👨‍👩‍👧",
};

export function arg(name, def) {
  const i = process.argv.indexOf("--" + name);
  if (i >= 0 && i + 1 < process.argv.length) return process.argv[i + 1];
  const env = process.env["RT_" + name.toUpperCase().replace(/-/g, "_")];
  return env !== undefined ? env : def;
}

export function print(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}

let failed = false;
export function check(name, ok, extra = {}) {
  if (!ok) failed = true;
  print({ check: name, ok: !!ok, ...extra });
}

export function finish() {
  print({ done: true, failed });
  process.exit(failed ? 1 : 0);
}

export function watchdog(ms = 20000) {
  const t = setTimeout(() => {
    print({ check: "watchdog", ok: false, error: `timed out after ${ms}ms` });
    print({ done: true, failed: true });
    process.exit(1);
  }, ms);
  t.unref();
}

// connect opens a socket with the given client version ("v4" or "v2").
export function connect(version, url, nsp = "/", opts = {}) {
  const transports = opts.transports || ["polling", "websocket"];
  const common = { path: "/engine.io", transports, forceNew: true, reconnection: false, timeout: 5000 };
  if (version === "v4") {
    return ioV4(url + nsp, { ...common, auth: opts.auth, query: opts.query, extraHeaders: opts.extraHeaders });
  }
  return ioV2(url + nsp, { ...common, query: opts.query, extraHeaders: opts.extraHeaders });
}

// connected resolves when the socket connects and rejects on a connection error.
export function connected(socket, version) {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (err) => reject(err));
    if (version === "v2") socket.once("error", (err) => reject(err));
  });
}

// emitAck emits an event and resolves with the acknowledgement arguments.
export function emitAck(socket, event, ...args) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("ack timeout for " + event)), 5000);
    socket.emit(event, ...args, (...res) => {
      clearTimeout(t);
      resolve(res);
    });
  });
}

// once resolves with the arguments of the next event.
export function once(socket, event, ms = 5000) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("timeout waiting for " + event)), ms);
    socket.once(event, (...args) => {
      clearTimeout(t);
      resolve(args);
    });
  });
}

// upgraded resolves when the Engine.IO transport is websocket.
export function upgraded(socket, ms = 5000) {
  const engine = socket.io.engine;
  if (engine.transport && engine.transport.name === "websocket") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("no upgrade")), ms);
    engine.once("upgrade", () => {
      clearTimeout(t);
      resolve();
    });
  });
}

export function transportName(socket) {
  return socket.io.engine.transport.name;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
