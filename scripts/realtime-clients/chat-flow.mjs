// chat-flow.mjs --url U [--url2 U2] --transports T --version-a v4|v2 --version-b v4|v2
//   --token-a A --token-b B --code-a CA --code-b CB
// A (a paid groom) and B (a bride) register, see each other online, open a
// room and chat both ways in Malayalam, Tamil, Hindi and emoji; a retried
// clientId is answered once; paging, catch-up, unread and presence are checked.
// B may be on another node (--url2).
import { TEXTS, arg, check, connected, finish, transportName, upgraded, watchdog } from "./lib.mjs";
import { ack, chatConnect, checkEq, isChatUser, record, until } from "./chatlib.mjs";

const url = arg("url", "http://127.0.0.1:3000");
const url2 = arg("url2", url);
const transports = arg("transports", "polling,websocket").split(",");
const va = arg("version-a", "v4");
const vb = arg("version-b", va);
const codeA = arg("code-a");
const codeB = arg("code-b");
watchdog(40000);

const EVENTS = ["sendActiveMatchedProfiles", "userConnected", "userDisConnected", "onlineUsersChanged", "initialChatUserMessages", "message", "unreadCounts", "chatError", "chatWarning"];

async function main() {
  const a = chatConnect(va, url, arg("token-a"), transports);
  const b = chatConnect(vb, url2, arg("token-b"), transports);
  const la = record(a, EVENTS);
  const lb = record(b, EVENTS);
  await Promise.all([connected(a, va), connected(b, vb)]);
  if (transports.includes("polling")) await Promise.all([upgraded(a), upgraded(b)]);
  check("transports", transportName(a) === "websocket" && transportName(b) === "websocket", { a: transportName(a), b: transportName(b) });

  // B registers first, then A: A's list holds B, B hears that A connected.
  const rb = await ack(b, "registerNewUser", { profileID: "TM0000000" /* ignored: the token decides */ });
  check("B registered as itself", rb && rb.ok === true && rb.profileID === codeB, { got: rb });
  await until(() => lb.sendActiveMatchedProfiles.length === 1, "B's online list");
  const ra = await ack(a, "registerNewUser", {});
  check("A registered", ra && ra.ok && ra.profileID === codeA, { got: ra });
  const listA = await until(() => la.sendActiveMatchedProfiles[0], "A's online list");
  // On one node B is in A's list. Across nodes B's join reaches A's node through Redis, which may come just after A's
  // list was taken: then it arrives as userConnected (or within onlineUsersChanged) instead, and that is correct too.
  const seenB = url2 === url
    ? listA.find((u) => u.profileID === codeB)
    : await until(() => listA.find((u) => u.profileID === codeB) || la.userConnected.find((u) => u.profileID === codeB) ||
        la.onlineUsersChanged.flatMap((c) => c.connected || []).find((u) => u.profileID === codeB), "B in A's list, or announced to A");
  check("A's list holds B as a chat user", isChatUser(seenB) && seenB.gender === 20, { got: seenB });
  check("A's list has no groom and not A", listA.every((u) => u.gender === 20 && u.profileID !== codeA), { n: listA.length });
  const joinedA = await until(() => lb.userConnected.find((u) => u.profileID === codeA), "userConnected(A) at B");
  check("B hears userConnected(A) as a chat user", isChatUser(joinedA) && joinedA.gender === 10, { got: joinedA });
  check("unreadCounts on register", lb.unreadCounts.length >= 1 && typeof lb.unreadCounts[0].total === "number");

  // A opens the room: initialChatUserMessages first, then the ack.
  const room = await ack(a, "getRoomName", { toProfileId: codeB });
  check("getRoomName answers a room", room && room.ok && typeof room.roomName === "string", { got: room });
  const init = la.initialChatUserMessages.at(-1);
  check("initialChatUserMessages before the ack", init && init.roomName === room.roomName && isChatUser(init.user) && init.user.profileID === codeB
    && Array.isArray(init.messages) && init.hasMore === false && init.online === true, { got: init });
  const roomName = room.roomName;

  const ids = [];
  for (const [lang, text] of Object.entries(TEXTS)) {
    const clientId = "a-" + lang + "-" + Math.random().toString(36).slice(2);
    const res = await ack(a, "sendMessage", { roomName, message: text, clientId });
    check("A→B ack " + lang, res && res.ok && res.message && res.message.message === text && res.message.postedBy === codeA
      && res.message.roomName === roomName && res.message.clientId === clientId && typeof res.message.id === "number"
      && typeof res.message.createdAt === "string", { got: res });
    const got = await until(() => lb.message.find((m) => m.id === res.message.id), "B receives " + lang);
    checkEq("A→B text " + lang, got.message, text);
    check("A→B postedBy " + lang, got.postedBy === codeA && got.roomName === roomName);
    await until(() => la.message.find((m) => m.id === res.message.id), "A's own tab receives " + lang);
    ids.push(res.message.id);

    // B replies (A started the chat, so a free member may answer).
    const back = await ack(b, "sendMessage", { roomName, message: text + " ✔" });
    check("B→A ack " + lang, back && back.ok && back.message.postedBy === codeB, { got: back });
    const echo = await until(() => la.message.find((m) => m.id === back.message.id), "A receives the reply " + lang);
    checkEq("B→A text " + lang, echo.message, text + " ✔");
    ids.push(back.message.id);
  }
  check("ids grow within the room", ids.every((id, i) => i === 0 || id > ids[i - 1]), { ids });

  // A retry with the same clientId is answered with the stored message, once.
  const cid = "retry-" + Math.random().toString(36).slice(2);
  const first = await ack(a, "sendMessage", { roomName, message: TEXTS.tamil, clientId: cid });
  await until(() => lb.message.find((m) => m.id === first.message.id), "B receives the first attempt");
  const again = await ack(a, "sendMessage", { roomName, message: TEXTS.tamil, clientId: cid });
  check("retry returns the stored message", again.ok && again.duplicate === true && again.message.id === first.message.id, { got: again });
  const marker = await ack(b, "sendMessage", { roomName, message: "marker" });
  await until(() => lb.message.find((m) => m.id === marker.message.id), "B's own echo");
  check("B got the retried message once", lb.message.filter((m) => m.id === first.message.id).length === 1);

  // Paging and catch-up.
  const prev = await ack(a, "loadPreviousMessages", { roomName, before: ids[ids.length - 1], limit: 3 });
  check("loadPreviousMessages pages back, oldest first", prev.ok && prev.messages.length === 3 && prev.hasMore === true
    && prev.messages.map((m) => m.id).join() === ids.slice(-4, -1).join(), { got: prev.messages.map((m) => m.id), ids });
  const since = await ack(b, "loadMessagesSince", { roomName, after: ids[0] });
  check("loadMessagesSince catches up in order", since.ok && since.hasMore === false && since.messages[0].id === ids[1]
    && since.messages.every((m, i) => i === 0 || m.id > since.messages[i - 1].id), { got: since.messages.map((m) => m.id) });

  // Unread counts and markRead.
  const unread = await ack(b, "getUnreadCounts", {});
  const conv = unread.conversations.find((c) => c.roomName === roomName);
  check("B has unread messages from A", unread.ok && conv && conv.unread > 0 && conv.user.profileID === codeA, { got: unread });
  const n = lb.unreadCounts.length;
  const read = await ack(b, "markRead", { roomName });
  check("markRead clears the room", read.ok && read.unread === 0 && read.roomName === roomName, { got: read });
  await until(() => lb.unreadCounts.length > n, "unreadCounts after markRead");

  // Refusals are answered, never dropped.
  const long = await ack(a, "sendMessage", { roomName, message: "x".repeat(2001) });
  check("2,001 characters refused", long.ok === false && long.code === "too_long", { got: long });
  await until(() => la.chatError.find((e) => e.code === "too_long" && e.event === "sendMessage" && e.roomName === roomName), "chatError too_long");

  // B leaves: A hears userDisConnected(B).
  b.close();
  await until(() => la.userDisConnected.find((u) => u.profileID === codeB), "userDisConnected(B) at A");
  check("A hears that B went offline", true);
  a.close();
  finish();
}

main().catch((err) => {
  check("exception", false, { error: String(err && err.stack ? err.stack : err) });
  finish();
});
