// exchange.mjs --version v4|v2 --url http://host:port --transports polling,websocket|websocket
// Unicode and binary round trips with acks in both directions, rooms and
// broadcast, and an emit burst spanning the polling→websocket upgrade.
import { TEXTS, arg, check, connect, connected, emitAck, finish, once, sleep, transportName, upgraded, watchdog } from "./lib.mjs";

const version = arg("version", "v4");
const url = arg("url", "http://127.0.0.1:3000");
const transports = arg("transports", "polling,websocket").split(",");
watchdog();

async function main() {
  const a = connect(version, url, "/", { transports, auth: { token: "a" }, query: { who: "a" } });
  const ticks = [];
  a.on("tick", (n) => ticks.push(n));
  await connected(a, version);
  check("connected", true, { id: a.id, transport: transportName(a) });

  // Emit a burst that spans the upgrade; every tick must arrive exactly once, in order.
  a.emit("ticks");
  if (transports.includes("polling")) {
    await upgraded(a);
  }
  await sleep(50);
  const final = once(a, "final");
  a.emit("stop");
  const [count] = await final;
  const inOrder = ticks.length === count && ticks.every((n, i) => n === i);
  check("emits during upgrade arrive exactly once", inOrder && count > 0, { count, received: ticks.length });
  check("transport", transportName(a) === "websocket", { transport: transportName(a) });

  for (const [lang, text] of Object.entries(TEXTS)) {
    const [echo] = await emitAck(a, "echo", text);
    check("echo " + lang, echo === text, { got: echo, want: text });
  }
  const bin = Buffer.from([0, 1, 2, 253, 254, 255]);
  const [back, label] = await emitAck(a, "echo", bin, TEXTS.malayalam);
  check("binary round trip", Buffer.isBuffer(back) && back.equals(bin) && label === TEXTS.malayalam, { got: back && [...back] });

  a.on("ask", (payload, cb) => cb({ answer: payload.q + "!", bin: Buffer.from([9, 8, 7]) }));
  const asked = once(a, "asked");
  a.emit("ask-me", { q: TEXTS.tamil });
  const [res] = await asked;
  check("server→client ack", res && res.answer === TEXTS.tamil + "!" && Buffer.from(res.bin).equals(Buffer.from([9, 8, 7])), { got: res });

  // Rooms and broadcast: b and c join "r1", d does not; a shouts to r1.
  const others = ["b", "c", "d"].map((w) => connect(version, url, "/", { transports, auth: { token: w }, query: { who: w } }));
  await Promise.all(others.map((s) => connected(s, version)));
  const [b, c, d] = others;
  const room = "r1-" + Math.random().toString(36).slice(2);
  await emitAck(b, "join", room);
  await emitAck(c, "join", room);
  await emitAck(a, "join", room);
  let dGot = false;
  d.on("shouted", () => (dGot = true));
  let aGot = false;
  a.on("shouted", () => (aGot = true));
  const pb = once(b, "shouted");
  const pc = once(c, "shouted");
  a.emit("shout", room, TEXTS.hindi, Buffer.from([1, 2, 3]));
  const [[rb, binB], [rc]] = await Promise.all([pb, pc]);
  await sleep(100);
  check("room broadcast reaches members", rb === TEXTS.hindi && rc === TEXTS.hindi && Buffer.from(binB).equals(Buffer.from([1, 2, 3])));
  check("room broadcast skips sender and non-members", !aGot && !dGot);

  for (const s of [a, ...others]) s.close();
  finish();
}

main().catch((err) => {
  check("exception", false, { error: String(err && err.stack ? err.stack : err) });
  finish();
});
