// chat-negative.mjs --version v4|v2 --url U --transports T --token T --code-self C
//   --token-expired E --token-revoked R --code-refused X
// Refused connections (no, bad, expired and revoked tokens; v4 tokens in the
// URL; a bad Origin) and refused requests (a member one may not chat with,
// someone else's room, malformed payloads), each answered, never dropped.
import { arg, check, connected, finish, watchdog } from "./lib.mjs";
import { ack, chatConnect, checkEq, record, refusal, until } from "./chatlib.mjs";

const version = arg("version", "v4");
const url = arg("url", "http://127.0.0.1:3000");
const transports = arg("transports", "polling,websocket").split(",");
watchdog(40000);

async function refused(name, token, extra, wantCode) {
  const s = chatConnect(version, url, token, transports, extra);
  const r = await refusal(s, version);
  const code = r && r.data && r.data.code;
  check(name, r !== null && (wantCode === undefined || code === wantCode), { got: r });
  s.close();
  return r;
}

async function main() {
  await refused("no token refused", undefined, {}, "unauthorized");
  await refused("garbage token refused", "not-a-token", {}, "unauthorized");
  const exp = await refused("expired token refused", arg("token-expired"), {}, "token_expired");
  check("expired token carries meta code 1005", exp && exp.data && exp.data.metaCode === 1005, { got: exp });
  await refused("revoked token refused", arg("token-revoked"), {}, "unauthorized");
  if (version === "v4") {
    // v4 clients must use the auth payload: a token in the URL would end up in logs.
    await refused("v4 token in the query refused", undefined, { query: { token: arg("token") } }, "unauthorized");
  }
  const evil = chatConnect(version, url, arg("token"), transports, { extraHeaders: { Origin: "http://evil.example" } });
  const e = await refusal(evil, version);
  check("bad origin refused", e !== null, { got: e });
  evil.close();

  const s = chatConnect(version, url, arg("token"), transports);
  const log = record(s, ["chatError", "initialChatUserMessages", "message"]);
  await connected(s, version);

  const other = arg("code-refused");
  const r = await ack(s, "getRoomName", { toProfileId: other });
  check("getRoomName refusal acked", r && r.ok === false && r.code === "needs_plan" && typeof r.message === "string" && r.message.length > 0, { got: r });
  await until(() => log.chatError.find((x) => x.event === "getRoomName" && x.code === "needs_plan" && x.toProfileId === other), "chatError for getRoomName");
  s.emit("getRoomName", { toProfileId: "TM0000001" }); // no ack: still answered by chatError
  await until(() => log.chatError.find((x) => x.event === "getRoomName" && x.code === "not_found"), "chatError without ack");

  const self = arg("code-self");
  const theirs = "chat-" + [other, "TM9999999"].sort().join("-");
  const m = await ack(s, "sendMessage", { roomName: theirs, message: "let me in" });
  checkEq("someone else's room refused", m && m.code, "not_in_room", { got: m });
  const bogus = await ack(s, "sendMessage", { roomName: "chat-" + self + "-" + self, message: "x" });
  checkEq("a malformed room refused", bogus && bogus.code, "not_in_room");
  const bad = await ack(s, "sendMessage", "just a string");
  checkEq("a non-object payload refused", bad && bad.code, "invalid");
  const badType = await ack(s, "sendMessage", { roomName: theirs, message: { toString: "x" } });
  checkEq("a non-string message refused", badType && badType.code, "invalid");
  const proto = await ack(s, "getRoomName", { toProfileId: "__proto__" });
  checkEq("__proto__ is just not found", proto && proto.code, "not_found");
  check("no message leaked", log.message.length === 0 && log.initialChatUserMessages.length === 0);
  s.close();
  finish();
}

main().catch((err) => {
  check("exception", false, { error: String(err && err.stack ? err.stack : err) });
  finish();
});
