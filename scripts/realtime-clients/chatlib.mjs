// Helpers for the chat scripts (chat-*.mjs) driven by the gateway tests.
// They speak the chat events of server/internal/realtime/gateway.
import { createInterface } from "node:readline";
import { connect, check } from "./lib.mjs";

// chatConnect opens a chat socket: v4 sends the token in the CONNECT auth
// payload, v2 in the handshake query, as the gateway expects.
export function chatConnect(version, url, token, transports, extra = {}) {
  const opts = { transports, ...extra };
  if (token !== undefined && token !== null) {
    if (version === "v4") opts.auth = { token };
    else opts.query = { token };
  }
  return connect(version, url, "/", opts);
}

// refusal resolves with {message, data} of a refused connection, or null when it connects.
export function refusal(socket, version) {
  return new Promise((resolve) => {
    socket.once("connect", () => resolve(null));
    socket.once("connect_error", (err) => resolve({ message: err && err.message, data: err && err.data }));
    if (version === "v2") {
      socket.once("error", (data) => resolve(typeof data === "string" ? { message: data } : { message: data && data.message, data }));
    }
  });
}

// record keeps every payload of the given events, in arrival order.
// A batched onlineUsersChanged {connected, disconnected} is recorded as the
// userConnected and userDisConnected events it stands for.
export function record(socket, events) {
  const log = {};
  for (const e of events) {
    log[e] = [];
    socket.on(e, (...args) => log[e].push(args.length === 1 ? args[0] : args));
  }
  if (log.userConnected || log.userDisConnected) {
    log.onlineUsersChanged = [];
    socket.on("onlineUsersChanged", (b) => {
      log.onlineUsersChanged.push(b);
      for (const u of b.connected || []) if (log.userConnected) log.userConnected.push(u);
      for (const id of b.disconnected || []) if (log.userDisConnected) log.userDisConnected.push({ profileID: id });
    });
  }
  return log;
}

// until resolves when pred() holds, polling; the timeout only guards against hangs.
export function until(pred, what, ms = 8000) {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const tick = () => {
      let v;
      try {
        v = pred();
      } catch (e) {
        return reject(e);
      }
      if (v) return resolve(v);
      if (Date.now() - start > ms) return reject(new Error("timed out waiting for " + what));
      setTimeout(tick, 10);
    };
    tick();
  });
}

// ack emits an event and resolves with the single acknowledgement argument.
export function ack(socket, event, payload, ms = 8000) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("ack timeout for " + event)), ms);
    socket.emit(event, payload, (res) => {
      clearTimeout(t);
      resolve(res);
    });
  });
}

let lines;
// pause tells the Go test that step name is reached and waits for it to
// answer on stdin (the test does something, such as a block, in between).
export async function pause(name) {
  if (!lines) {
    const rl = createInterface({ input: process.stdin });
    const queue = [];
    const waiters = [];
    rl.on("line", (l) => (waiters.length ? waiters.shift()(l) : queue.push(l)));
    lines = () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiters.push(r)));
  }
  process.stdout.write(JSON.stringify({ wait: name }) + "\n");
  return lines();
}

// isChatUser checks the shape of a chat user (spec §3).
export function isChatUser(u) {
  return (
    u &&
    typeof u.profileID === "string" &&
    typeof u.userName === "string" &&
    (u.gender === 10 || u.gender === 20) &&
    Array.isArray(u.photos) &&
    u.photos.every((p) => typeof p.imagePath === "string" && p.images && typeof p.images.small === "string" && typeof p.images.large === "string")
  );
}

export function checkEq(name, got, want, extra = {}) {
  check(name, got === want, { got, want, ...extra });
}
