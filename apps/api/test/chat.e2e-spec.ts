import type request from 'supertest';
import { CHAT_MESSAGES, CHAT_PAGE_SIZE } from '@wkflow/contracts';
import { AppEvents, type AppEventMap } from '../src/platform/events/app-events';
import { loginAs, newUser, startTestApp, type TestContext, unique } from './utils/test-app';
import { newChatMessages, newChatRoom, newProfile } from './factories';

type Agent = ReturnType<typeof request.agent>;
type User = Awaited<ReturnType<typeof newUser>>;

describe('chat (e2e)', () => {
  let ctx: TestContext;
  let alice: Agent;
  let aliceUser: User;
  let bob: Agent;
  let bobUser: User;

  beforeAll(async () => {
    ctx = await startTestApp();
    aliceUser = await newUser(ctx, { profileId: 2 });
    alice = await loginAs(ctx, aliceUser.email, aliceUser.password);
    bobUser = await newUser(ctx, { profileId: 3 });
    bob = await loginAs(ctx, bobUser.email, bobUser.password);
  });

  afterAll(async () => {
    await ctx.app.close();
  });

  async function newRoom(agent: Agent = alice, description: string | null = 'Sala de teste') {
    const response = await agent
      .post('/api/chat/rooms')
      .send({ name: unique('Sala '), description })
      .expect(201);
    return response.body as { id: number; name: string };
  }

  const roomOf = async (agent: Agent, id: number) => {
    const response = await agent.get('/api/chat/rooms').expect(200);
    return response.body.find((r: { id: number }) => r.id === id);
  };

  it('creates a room and lists it with no messages', async () => {
    const name = unique('Sala ');
    const created = await bob
      .post('/api/chat/rooms')
      .send({ name: `  ${name}  `, description: 'Projetos do mês' })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name,
      description: 'Projetos do mês',
      created_at: expect.any(String),
      unread_count: 0,
      last_message: null,
      last_message_time: null,
    });
    expect(await roomOf(alice, created.body.id)).toEqual(created.body);
    const [row] = await ctx.dataSource.query(`SELECT "createdBy" FROM chat_rooms WHERE id = $1`, [created.body.id]);
    expect(row.createdBy).toBe(bobUser.id);

    const duplicate = await alice.post('/api/chat/rooms').send({ name: name.toUpperCase() }).expect(409);
    expect(duplicate.body.message).toBe(CHAT_MESSAGES.roomExists);
  });

  it('validates rooms and messages and writes nothing when refusing', async () => {
    const [{ before }] = await ctx.dataSource.query(`SELECT count(*)::int AS before FROM chat_rooms`);
    for (const [body, message] of [
      [{}, CHAT_MESSAGES.roomName],
      [{ name: '   ' }, CHAT_MESSAGES.roomName],
      [{ name: 12 }, CHAT_MESSAGES.roomName],
      [{ name: 'x'.repeat(81) }, 'Nome da sala deve ter no máximo 80 caracteres'],
      [{ name: 'Ok', description: 'x'.repeat(501) }, 'Descrição da sala deve ter no máximo 500 caracteres'],
    ] as const) {
      const response = await alice.post('/api/chat/rooms').send(body).expect(400);
      expect(response.body.message).toBe(message);
    }
    const [{ after }] = await ctx.dataSource.query(`SELECT count(*)::int AS after FROM chat_rooms`);
    expect(after).toBe(before);

    const room = await newRoom();
    for (const [body, message] of [
      [{}, CHAT_MESSAGES.message],
      [{ message: '  \n ' }, CHAT_MESSAGES.message],
      [{ message: 5 }, CHAT_MESSAGES.message],
      [{ message: 'x'.repeat(5001) }, 'Mensagem deve ter no máximo 5000 caracteres'],
      [{ message: 'oi', replyTo: 'abc' }, 'replyTo deve ser o id de uma mensagem'],
    ] as const) {
      const response = await alice.post(`/api/chat/rooms/${room.id}/messages`).send(body).expect(400);
      expect(response.body.message).toBe(message);
    }
    const missingRoom = await alice.post('/api/chat/rooms/2147483647/messages').send({ message: 'oi' }).expect(404);
    expect(missingRoom.body.message).toBe(CHAT_MESSAGES.roomNotFound);
    await alice.get('/api/chat/rooms/2147483647/messages').expect(404);
    await alice.put('/api/chat/rooms/2147483647/read').expect(404);
    await alice.get('/api/chat/rooms/abc/messages').expect(400);
    const [{ count }] = await ctx.dataSource.query(`SELECT count(*)::int AS count FROM chat_messages WHERE "roomId" = $1`, [room.id]);
    expect(count).toBe(0);
  });

  it('counts unread messages per user, shows the last message and clears on read', async () => {
    const room = await newRoom();
    await alice.post(`/api/chat/rooms/${room.id}/messages`).send({ message: 'Primeira' }).expect(201);
    await alice.post(`/api/chat/rooms/${room.id}/messages`).send({ message: 'Segunda' }).expect(201);

    // The author's own messages are never unread.
    expect(await roomOf(alice, room.id)).toMatchObject({ unread_count: 0, last_message: 'Segunda' });
    const forBob = await roomOf(bob, room.id);
    expect(forBob).toMatchObject({ unread_count: 2, last_message: 'Segunda' });
    expect(new Date(forBob.last_message_time).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const read = await bob.put(`/api/chat/rooms/${room.id}/read`).expect(200);
    expect(read.body).toMatchObject({ room_id: room.id, unread_count: 0, last_read_message_id: expect.any(Number) });
    expect(await roomOf(bob, room.id)).toMatchObject({ unread_count: 0 });

    const reply = await bob.post(`/api/chat/rooms/${room.id}/messages`).send({ message: 'Resposta do Bob' }).expect(201);
    expect(await roomOf(alice, room.id)).toMatchObject({ unread_count: 1, last_message: 'Resposta do Bob' });
    expect(await roomOf(bob, room.id)).toMatchObject({ unread_count: 0 });

    await alice.post(`/api/chat/rooms/${room.id}/messages`).send({ message: 'Terceira' }).expect(201);
    expect(await roomOf(bob, room.id)).toMatchObject({ unread_count: 1, last_message: 'Terceira' });
    // Alice posting marks her as read up to her own message.
    expect(await roomOf(alice, room.id)).toMatchObject({ unread_count: 0 });

    // A read mark never moves backwards. Breaks the data on purpose: a mark past every message, which no call writes.
    await ctx.dataSource.query(`UPDATE chat_reads SET "lastReadMessageId" = $3 WHERE "roomId" = $1 AND "userId" = $2`, [
      room.id,
      bobUser.id,
      reply.body.id + 1000,
    ]);
    const again = await bob.put(`/api/chat/rooms/${room.id}/read`).expect(200);
    expect(again.body.last_read_message_id).toBe(reply.body.id + 1000);

    // Reading an empty room is fine.
    const empty = await newRoom();
    const emptyRead = await bob.put(`/api/chat/rooms/${empty.id}/read`).expect(200);
    expect(emptyRead.body).toEqual({ room_id: empty.id, last_read_message_id: null, unread_count: 0 });
  });

  it('returns messages ascending with author and the quoted reply', async () => {
    const room = await newRoom();
    const first = await alice
      .post(`/api/chat/rooms/${room.id}/messages`)
      .send({ message: 'Alguém revisou a arte?\nPreciso até 15h.' })
      .expect(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      room_id: room.id,
      message: 'Alguém revisou a arte?\nPreciso até 15h.',
      user_id: aliceUser.id,
      user_name: aliceUser.name,
      username: aliceUser.username,
      created_at: expect.any(String),
      is_edited: false,
      reply_to: null,
      reply_message: null,
    });
    const reply = await bob
      .post(`/api/chat/rooms/${room.id}/messages`)
      .send({ message: 'Revisei, está ótima!', replyTo: first.body.id })
      .expect(201);
    expect(reply.body).toMatchObject({
      reply_to: first.body.id,
      reply_message: { username: aliceUser.username, name: aliceUser.name, message: 'Alguém revisou a arte?\nPreciso até 15h.' },
      username: bobUser.username,
    });

    const list = await bob.get(`/api/chat/rooms/${room.id}/messages`).expect(200);
    expect(list.body.map((m: { id: number }) => m.id)).toEqual([first.body.id, reply.body.id]);
    expect(list.body[1]).toEqual(reply.body);

    // A reply must quote a message of the same room.
    const other = await newRoom();
    const elsewhere = await alice.post(`/api/chat/rooms/${other.id}/messages`).send({ message: 'Outra sala' }).expect(201);
    const crossRoom = await alice
      .post(`/api/chat/rooms/${room.id}/messages`)
      .send({ message: 'oi', replyTo: elsewhere.body.id })
      .expect(400);
    expect(crossRoom.body.message).toBe(CHAT_MESSAGES.replyOtherRoom);
    await alice.post(`/api/chat/rooms/${room.id}/messages`).send({ message: 'oi', replyTo: 2147483647 }).expect(400);
  });

  it('pages: the latest messages first, older ones with ?before', async () => {
    const room = await newChatRoom(ctx, { createdBy: aliceUser.id });
    const total = CHAT_PAGE_SIZE + 7;
    // One statement: 57 requests would only slow the suite down.
    const texts = Array.from({ length: total }, (_, i) => `mensagem ${i + 1}`);
    const ids = (await newChatMessages(ctx, { room: room.id, user: aliceUser.id, messages: texts })).map((m) => m.id).sort((a, b) => a - b);

    const latest = await bob.get(`/api/chat/rooms/${room.id}/messages`).expect(200);
    expect(latest.body).toHaveLength(CHAT_PAGE_SIZE);
    expect(latest.body.map((m: { id: number }) => m.id)).toEqual(ids.slice(-CHAT_PAGE_SIZE));
    expect(latest.body[latest.body.length - 1].message).toBe(`mensagem ${total}`);

    const older = await bob.get(`/api/chat/rooms/${room.id}/messages?before=${latest.body[0].id}`).expect(200);
    expect(older.body.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, total - CHAT_PAGE_SIZE));

    const small = await bob.get(`/api/chat/rooms/${room.id}/messages?before=${ids[10]}&limit=3`).expect(200);
    expect(small.body.map((m: { id: number }) => m.id)).toEqual(ids.slice(7, 10));

    const none = await bob.get(`/api/chat/rooms/${room.id}/messages?before=${ids[0]}`).expect(200);
    expect(none.body).toEqual([]);

    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'before=0', 'before=abc', 'before=99999999999', 'other=1']) {
      await bob.get(`/api/chat/rooms/${room.id}/messages?${query}`).expect(400);
    }
  });

  it('emits messageCreated after commit, and a failing listener does not fail the request', async () => {
    const events = ctx.app.get(AppEvents);
    const seen: AppEventMap['ChatMessageCreated'][] = [];
    const listenersBefore = events.listenerCount('ChatMessageCreated'); // the notifications module listens too
    expect(listenersBefore).toBeGreaterThan(0);
    const off = events.on('ChatMessageCreated', (event) => {
      seen.push(event);
    });
    const offBroken = events.on('ChatMessageCreated', () => {
      throw new Error('listener quebrado');
    });
    try {
      const room = await newRoom();
      const sent = await alice.post(`/api/chat/rooms/${room.id}/messages`).send({ message: 'Evento' }).expect(201);
      expect(seen).toEqual([{ roomId: room.id, message: sent.body, authorId: aliceUser.id }]);
      // Refused messages emit nothing.
      await alice.post(`/api/chat/rooms/${room.id}/messages`).send({ message: '' }).expect(400);
      expect(seen).toHaveLength(1);
    } finally {
      off();
      offBroken();
    }
    expect(events.listenerCount('ChatMessageCreated')).toBe(listenersBefore);
  });

  it('needs chat read to read and chat write to post or create rooms', async () => {
    const profile = await readOnlyChatProfile(ctx);
    const reader = await newUser(ctx, { profileId: profile });
    const agent = await loginAs(ctx, reader.email, reader.password);
    const room = await newRoom();
    await agent.get('/api/chat/rooms').expect(200);
    await agent.get(`/api/chat/rooms/${room.id}/messages`).expect(200);
    await agent.put(`/api/chat/rooms/${room.id}/read`).expect(200);
    await agent.post(`/api/chat/rooms/${room.id}/messages`).send({ message: 'oi' }).expect(403);
    await agent
      .post('/api/chat/rooms')
      .send({ name: unique('Sala ') })
      .expect(403);
    await ctx.http.get('/api/chat/rooms').expect(401);
  });
});

/** A custom profile with chat read only. */
function readOnlyChatProfile(ctx: TestContext): Promise<number> {
  return newProfile(ctx, { chat: 'read' }, { name: unique('Leitor chat '), description: 'Somente leitura no chat' });
}
