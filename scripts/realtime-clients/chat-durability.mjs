// chat-durability.mjs --phase send|verify --url U --token-a A --token-b B --code-a CA --code-b CB
//   [--room R --after ID --pending JSON]   (verify)
// send: A (paid) and B take turns sending numbered messages, a few in
// flight, printing {sending}, {acked} and B's {received} until the server
// dies (the test kills it with SIGKILL), then {unacked: [...]}.
// verify: after the restart both reconnect; the unacked messages are sent
// again with the same clientId (idempotent), and B catches up with
// loadMessagesSince from the last id it saw, printing {caught: [ids]}.
import { arg, check, connected, finish, print, watchdog } from "./lib.mjs";
import { ack, chatConnect, record, until } from "./chatlib.mjs";

const phase = arg("phase", "send");
const url = arg("url", "http://127.0.0.1:3000");
const transports = arg("transports", "websocket").split(",");
const codeA = arg("code-a");
const codeB = arg("code-b");
watchdog(phase === "send" ? 60000 : 30000);

async function open() {
  const a = chatConnect("v4", url, arg("token-a"), transports);
  const b = chatConnect("v4", url, arg("token-b"), transports);
  const lb = record(b, ["message", "initialChatUserMessages"]);
  await Promise.all([connected(a, "v4"), connected(b, "v4")]);
  await ack(a, "registerNewUser", {});
  await ack(b, "registerNewUser", {});
  return { a, b, lb };
}

async function send() {
  const { a, b } = await open();
  b.on("message", (m) => print({ received: m.id, clientId: m.clientId }));
  const { roomName } = await ack(a, "getRoomName", { toProfileId: codeB });
  print({ room: roomName });
  let stopped = false;
  const stop = () => (stopped = true);
  a.on("disconnect", stop);
  b.on("disconnect", stop);
  const pending = new Map();
  let n = 0;
  while (!stopped) {
    while (pending.size >= 4 && !stopped) await new Promise((r) => setTimeout(r, 5));
    if (stopped) break;
    n++;
    const from = n % 2 ? "a" : "b";
    const clientId = "d-" + n;
    const text = "ശുഭദിനം " + n + " 🙏";
    pending.set(clientId, { from, clientId, text });
    print({ sending: clientId, from });
    (from === "a" ? a : b).emit("sendMessage", { roomName, message: text, clientId }, (res) => {
      if (res && res.ok) {
        pending.delete(clientId);
        print({ acked: res.message.id, clientId, from });
      } else {
        print({ refused: clientId, res });
      }
    });
    await new Promise((r) => setTimeout(r, 2));
  }
  print({ unacked: [...pending.values()] });
  a.close();
  b.close();
  finish();
}

async function verify() {
  const { a, b, lb } = await open();
  const roomName = arg("room");
  const pending = JSON.parse(arg("pending", "[]"));
  for (const p of pending) {
    const res = await ack(p.from === "a" ? a : b, "sendMessage", { roomName, message: p.text, clientId: p.clientId });
    check("resent " + p.clientId, res && res.ok, { got: res });
    print({ resent: p.clientId, id: res && res.message && res.message.id, duplicate: res && res.duplicate });
  }
  const room = await ack(b, "getRoomName", { toProfileId: codeA });
  check("B reopens the room", room.ok && room.roomName === roomName, { got: room });
  await until(() => lb.initialChatUserMessages.length > 0, "initialChatUserMessages");
  const caught = [];
  let after = Number(arg("after", "0"));
  for (;;) {
    const page = await ack(b, "loadMessagesSince", { roomName, after, limit: 7 });
    check("catch-up page", page.ok, { got: page });
    caught.push(...page.messages.map((m) => m.id));
    if (!page.hasMore || page.messages.length === 0) break;
    after = page.messages.at(-1).id;
  }
  print({ caught });
  a.close();
  b.close();
  finish();
}

(phase === "send" ? send() : verify()).catch((err) => {
  check("exception", false, { error: String(err && err.stack ? err.stack : err) });
  finish();
});
