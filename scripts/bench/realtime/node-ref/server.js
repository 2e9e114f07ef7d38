// Reference chat server for scripts/bench/realtime: the events of the product
// spec §7 "Real-time" written the way a typical socket.io 4 tutorial app
// writes them. It is a yardstick for the load generator, not a product:
//
//   - NO AUTHENTICATION: the CONNECT auth token is any string and is mapped to
//     a synthetic profile (see profileOf). Never expose this server.
//   - messages are kept in an in-memory array per room (nothing persisted);
//   - registerNewUser broadcasts userConnected to every other socket and sends
//     the new member the list of online members of the other gender;
//   - getRoomName joins every socket of both members to the room;
//   - sendMessage appends to the array and io.to(room).emit('message').
//
// Usage: PORT=3001 node server.js
'use strict';

const http = require('http');
const { Server } = require('socket.io');

const port = Number(process.env.PORT || 3001);
const httpServer = http.createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
    return;
  }
  // Full garbage collection for the idle-memory row (run.sh starts node with
  // --expose-gc); twice, as V8 may leave objects with finalizers to a second pass.
  if (req.url === '/bench/gc' && typeof global.gc === 'function') {
    global.gc();
    global.gc();
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('collected');
    return;
  }
  res.writeHead(404);
  res.end();
});

// The same endpoint and heartbeat settings as the Go server (socket.io's
// defaults are pingInterval 25 s and pingTimeout 20 s; ours too).
const io = new Server(httpServer, {
  path: '/engine.io/',
  allowEIO3: true,
  cors: { origin: true },
  pingInterval: 25000,
  pingTimeout: 20000,
  maxHttpBufferSize: 1e6,
});

// profileOf maps a token to a synthetic profile. The load generator sends
// "bench:<profileID>:<gender>"; any other string becomes a profile whose id
// is the token and whose gender is picked from its length.
function profileOf(token) {
  const t = String(token || '');
  const m = /^bench:([^:]+):(10|20)$/.exec(t);
  if (m) return { profileID: m[1], gender: Number(m[2]) };
  return { profileID: t || 'anonymous', gender: t.length % 2 ? 10 : 20 };
}

function chatUser(p) {
  return { gender: p.gender, photos: [], profileID: p.profileID, userName: 'Bench ' + p.profileID };
}

const online = new Map(); // profileID -> { profile, sockets: Set<socket id> }
const rooms = new Map(); // roomName -> [message]
let nextId = 1;

function roomName(a, b) {
  return a < b ? `chat:${a}-${b}` : `chat:${b}-${a}`;
}

io.use((socket, next) => {
  socket.data.profile = profileOf(socket.handshake.auth && socket.handshake.auth.token);
  next();
});

io.on('connection', (socket) => {
  const me = socket.data.profile;
  let registered = false;

  socket.on('registerNewUser', (_payload, ack) => {
    if (typeof _payload === 'function') ack = _payload;
    let entry = online.get(me.profileID);
    const first = !entry;
    if (!entry) {
      entry = { profile: me, sockets: new Set() };
      online.set(me.profileID, entry);
    }
    entry.sockets.add(socket.id);
    registered = true;
    if (first) socket.broadcast.emit('userConnected', chatUser(me));
    const list = [];
    for (const e of online.values()) {
      if (e.profile.gender !== me.gender) list.push(chatUser(e.profile));
    }
    socket.emit('sendActiveMatchedProfiles', list);
    if (typeof ack === 'function') ack({ ok: true, profileID: me.profileID });
  });

  socket.on('getRoomName', (payload, ack) => {
    const to = payload && String(payload.toProfileId || '');
    if (!to || to === me.profileID) {
      const err = { ok: false, code: 'invalid', message: 'Invalid request' };
      socket.emit('chatError', err);
      if (typeof ack === 'function') ack(err);
      return;
    }
    const name = roomName(me.profileID, to);
    socket.join(name);
    const partner = online.get(to);
    if (partner) {
      for (const id of partner.sockets) {
        const s = io.sockets.sockets.get(id);
        if (s) s.join(name);
      }
    }
    const mine = online.get(me.profileID);
    if (mine) {
      for (const id of mine.sockets) {
        const s = io.sockets.sockets.get(id);
        if (s) s.join(name);
      }
    }
    const msgs = rooms.get(name) || [];
    socket.emit('initialChatUserMessages', {
      roomName: name,
      user: chatUser(partner ? partner.profile : { profileID: to, gender: me.gender === 10 ? 20 : 10 }),
      online: !!partner,
      messages: msgs.slice(-50),
      hasMore: msgs.length > 50,
      unread: 0,
    });
    if (typeof ack === 'function') ack({ ok: true, roomName: name });
  });

  socket.on('sendMessage', (payload, ack) => {
    const name = payload && payload.roomName;
    const text = payload && typeof payload.message === 'string' ? payload.message.trim() : '';
    if (!name || !socket.rooms.has(name) || !text || text.length > 2000) {
      const err = { ok: false, code: 'invalid', message: 'Invalid request' };
      socket.emit('chatError', err);
      if (typeof ack === 'function') ack(err);
      return;
    }
    const msg = {
      id: nextId++,
      message: text,
      postedBy: me.profileID,
      roomName: name,
      createdAt: new Date().toISOString(),
      clientId: payload.clientId,
    };
    let list = rooms.get(name);
    if (!list) rooms.set(name, (list = []));
    list.push(msg);
    io.to(name).emit('message', msg);
    if (typeof ack === 'function') ack({ ok: true, message: msg, duplicate: false });
  });

  socket.on('disconnect', () => {
    if (!registered) return;
    const entry = online.get(me.profileID);
    if (!entry) return;
    entry.sockets.delete(socket.id);
    if (entry.sockets.size === 0) {
      online.delete(me.profileID);
      socket.broadcast.emit('userDisConnected', { profileID: me.profileID });
    }
  });
});

httpServer.listen(port, '127.0.0.1', () => {
  console.log(`node-ref listening on 127.0.0.1:${port} (pid ${process.pid})`);
});

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    io.close();
    process.exit(0);
  });
}
