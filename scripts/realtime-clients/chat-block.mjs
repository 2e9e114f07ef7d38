// chat-block.mjs --url U --version v4|v2 --transports T --token-a A --token-b B --code-a CA --code-b CB
// A and B chat; the test blocks (B blocks A) when told at pause "block";
// then both leave each other's online list, the chat closes for B (who
// blocked) but A is not told so, and every further send is refused, both
// ways: A, who was blocked, is told not_found (as for a profile that does
// not exist); B, who blocked, blocked.
import { arg, check, connected, finish, watchdog } from "./lib.mjs";
import { ack, chatConnect, pause, record, until } from "./chatlib.mjs";

const url = arg("url", "http://127.0.0.1:3000");
const version = arg("version", "v4");
const transports = arg("transports", "websocket").split(",");
const codeA = arg("code-a");
const codeB = arg("code-b");
watchdog(40000);

const EVENTS = ["sendActiveMatchedProfiles", "userConnected", "userDisConnected", "message", "chatClosed", "chatError"];

async function main() {
  const a = chatConnect(version, url, arg("token-a"), transports);
  const b = chatConnect(version, url, arg("token-b"), transports);
  const la = record(a, EVENTS);
  const lb = record(b, EVENTS);
  await Promise.all([connected(a, version), connected(b, version)]);
  await ack(a, "registerNewUser", {});
  await ack(b, "registerNewUser", {});
  const { roomName } = await ack(a, "getRoomName", { toProfileId: codeB });
  const hi = await ack(a, "sendMessage", { roomName, message: "hello" });
  await until(() => lb.message.find((m) => m.id === hi.message.id), "B receives hello");
  await until(() => la.sendActiveMatchedProfiles.some((l) => l.some((u) => u.profileID === codeB)) || la.userConnected.some((u) => u.profileID === codeB), "A sees B online");

  await pause("block");

  await until(() => la.userDisConnected.find((u) => u.profileID === codeB), "A loses B from the list");
  await until(() => lb.userDisConnected.find((u) => u.profileID === codeA), "B loses A from the list");
  await until(() => lb.chatClosed.find((c) => c.roomName === roomName && c.profileID === codeA), "chatClosed at B, who blocked");
  check("both left each other's list and the blocker's chat closed", true);
  const fromA = await ack(a, "sendMessage", { roomName, message: "are you there?" });
  check("A's send refused", fromA.ok === false && fromA.code === "not_found", { got: fromA });
  check("A, who was blocked, is not told the chat closed", la.chatClosed.length === 0, { got: la.chatClosed });
  const fromB = await ack(b, "sendMessage", { roomName, message: "go away" });
  check("B's send refused", fromB.ok === false && fromB.code === "blocked", { got: fromB });
  const reopen = await ack(a, "getRoomName", { toProfileId: codeB });
  check("the room cannot be reopened", reopen.ok === false && reopen.code === "not_found", { got: reopen });
  check("nothing delivered after the block", la.message.length === 1 && lb.message.length === 1, { a: la.message.length, b: lb.message.length });
  a.close();
  b.close();
  finish();
}

main().catch((err) => {
  check("exception", false, { error: String(err && err.stack ? err.stack : err) });
  finish();
});
