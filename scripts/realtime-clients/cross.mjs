// cross.mjs --url http://host:port [--transports ...]
// A socket.io-client v4 and a socket.io-client v2 chat through the server.
import { TEXTS, arg, check, connect, connected, emitAck, finish, once, watchdog } from "./lib.mjs";

const url = arg("url", "http://127.0.0.1:3000");
const url2 = arg("url2", url); // the v2 client may use another node
const transports = arg("transports", "polling,websocket").split(",");
watchdog();

async function main() {
  const v4 = connect("v4", url, "/", { transports, auth: { token: "v4" } });
  const v2 = connect("v2", url2, "/", { transports, query: { token: "v2" } });
  await Promise.all([connected(v4, "v4"), connected(v2, "v2")]);
  const room = "pair-" + Math.random().toString(36).slice(2);
  await emitAck(v4, "join", room);
  await emitAck(v2, "join", room);

  for (const [lang, text] of Object.entries(TEXTS)) {
    const got2 = once(v2, "shouted");
    v4.emit("shout", room, text, Buffer.from(lang));
    const [t2, b2] = await got2;
    check("v4→v2 " + lang, t2 === text && Buffer.from(b2).toString() === lang, { got: t2 });
    const got4 = once(v4, "shouted");
    v2.emit("shout", room, text, Buffer.from(lang));
    const [t4, b4] = await got4;
    check("v2→v4 " + lang, t4 === text && Buffer.from(b4).toString() === lang, { got: t4 });
  }
  v4.close();
  v2.close();
  finish();
}

main().catch((err) => {
  check("exception", false, { error: String(err && err.stack ? err.stack : err) });
  finish();
});
