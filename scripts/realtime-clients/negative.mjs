// negative.mjs --version v4|v2 --url http://host:port [--transports ...]
// Unknown namespace, refused connection and bad Origin.
import { TEXTS, arg, check, connect, connected, emitAck, finish, once, watchdog } from "./lib.mjs";

const version = arg("version", "v4");
const url = arg("url", "http://127.0.0.1:3000");
const transports = arg("transports", "polling,websocket").split(",");
watchdog();

function refusal(socket) {
  // v4 reports connect_error(Error{message,data}); v2 emits "error" with the data.
  return version === "v4"
    ? once(socket, "connect_error").then(([err]) => ({ message: err.message, data: err.data }))
    : once(socket, "error").then(([data]) => (typeof data === "string" ? { message: data } : { message: data && data.message, data }));
}

async function main() {
  // Unknown namespace: refused, while "/" on its own connection keeps working.
  const root = connect(version, url, "/", { transports, auth: { token: "x" } });
  await connected(root, version);
  const bad = connect(version, url, "/nope", { transports });
  const r = await refusal(bad);
  check("unknown namespace refused", r.message === "Invalid namespace", { got: r });
  const [echo] = await emitAck(root, "echo", TEXTS.emoji);
  check("default namespace keeps working", echo === TEXTS.emoji);
  bad.close();

  // Connect handler refusal reaches the client with message and data.
  const denied = connect(version, url, "/private", { transports, auth: { token: "bad" }, query: { token: "bad" } });
  const d = await refusal(denied);
  // Like the Node server, protocol 4 (v2) sends the error data when there is some, else the message.
  if (version === "v4") check("refusal message", d.message === "not authorized", { got: d });
  check("refusal data", d.data && d.data.code === 401, { got: d });
  denied.close();
  const allowed = connect(version, url, "/private", { transports, auth: { token: "good" }, query: { token: "good" } });
  await connected(allowed, version);
  const [who] = await emitAck(allowed, "whoami");
  check("authorized namespace connects", who === "good", { got: who });
  allowed.close();

  // A bad Origin is refused at the transport level.
  const evil = connect(version, url, "/", { transports, extraHeaders: { Origin: "http://evil.example" } });
  const err = await new Promise((resolve) => {
    evil.once("connect", () => resolve(null));
    evil.once("connect_error", (e) => resolve(e || true));
    if (version === "v2") evil.once("error", (e) => resolve(e || true));
  });
  check("bad origin refused", err !== null, { got: String(err) });
  evil.close();
  root.close();
  finish();
}

main().catch((err) => {
  check("exception", false, { error: String(err && err.stack ? err.stack : err) });
  finish();
});
