import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import {
  createTestApp,
  describeEachDb,
  listenForClients,
  registerDeveloper,
  type TestDeveloper,
} from '../../test-helpers.js';
import { COUNTRIES } from './countries.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

// A 1×1 PNG, and the same bytes announced as SVG (the type comes from the bytes, not the label).
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG = `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;

/*
 * The community engine end to end through the published reference client (community transport on
 * the same server) and ours: profiles, comments with moderation, reviews, votes, rate limit and
 * blacklist, the questionnaire.
 */
describeEachDb('community: profiles, comments, reviews, votes', (server) => {
  let url: string;
  let a: TestDeveloper;
  let b: TestDeveloper;
  let c: TestDeveloper;
  const ref = (d: TestDeveloper) => createReferenceClient(url, d.authKey);
  const ours = (d: TestDeveloper) => createBasaltClient(url, d.authKey);

  beforeAll(async () => {
    url = await listenForClients(server());
    a = await registerDeveloper(server());
    b = await registerDeveloper(server());
    c = await registerDeveloper(server());
  });

  it('profiles: unique user names ignoring case, ISO countries, images checked by their bytes, every save merges', async () => {
    expect(await ref(a).developerProfile.getMyProfile()).toBeNull();
    expect(await ref(a).developerProfile.checkUsernameAvailable('Alice_1')).toMatchObject({ available: true });
    const made = await ref(a).developerProfile.createProfile({
      userName: 'Alice_1',
      country: 'de',
      displayName: 'Alice',
    });
    expect(made).toMatchObject({ developerId: a.id, userName: 'Alice_1', country: 'DE', displayName: 'Alice' });
    expect(await ref(b).developerProfile.checkUsernameAvailable('alice_1')).toMatchObject({ available: false });
    await expect(ours(b).developerProfile.createProfile({ userName: 'ALICE_1' })).rejects.toMatchObject({
      status: 409,
    });
    await expect(ours(b).developerProfile.createProfile({ userName: 'bob', country: 'XX' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('XX'),
    });

    const countries = await ref(a).developerProfile.getCountries();
    expect(countries).toHaveLength(249);
    expect(countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(COUNTRIES.find((x) => x.code === 'JP')?.name).toBe('Japan');

    const photo = await ref(a).developerProfile.updateProfilePhoto({ profilePhoto: PNG });
    expect(photo).toMatchObject({ userName: 'Alice_1', country: 'DE', displayName: 'Alice', profilePhoto: PNG });
    await expect(ours(a).developerProfile.updateProfileBackground({ background: SVG })).rejects.toMatchObject({
      status: 400,
    });
    const big = `data:image/png;base64,${Buffer.concat([Buffer.from(PNG.split(',')[1], 'base64'), Buffer.alloc(600 * 1024)]).toString('base64')}`;
    await expect(ours(a).developerProfile.updateProfilePhoto({ profilePhoto: big })).rejects.toMatchObject({
      status: 413,
    });
    const updated = await ours(a).developerProfile.updateProfile({ bio: 'I build things' });
    expect(updated).toMatchObject({ userName: 'Alice_1', country: 'DE', bio: 'I build things', profilePhoto: PNG });

    // Showcased apps are the developer's own.
    const appId = await createTestApp(server(), a.authKey);
    const otherApp = await createTestApp(server(), b.authKey);
    expect((await ours(a).developerProfile.updateProfile({ apps: [appId] })).apps).toEqual([appId]);
    await expect(ours(a).developerProfile.updateProfile({ apps: [otherApp] })).rejects.toMatchObject({ status: 404 });
    expect((await ref(a).developerProfile.removeApp(appId)).apps).toEqual([]);

    await ours(b).developerProfile.createProfile({ userName: 'bob', country: 'FR' });
  });

  it('comments: Markdown rendered safe, edit own only, a hidden comment is seen by its author and the moderators only', async () => {
    // Comments on Alice's profile: Alice moderates them.
    const item = { context: 'profile', itemId: a.id };
    const mine = await ref(b).community.createComments({
      ...item,
      body: '**Nice** <script>alert(1)</script> [x](javascript:alert(1)) [site](https://example.com)',
    });
    expect(mine.html).toContain('<strong>Nice</strong>');
    expect(mine.html).not.toContain('<script');
    expect(mine.html).toContain('&lt;script&gt;');
    expect(mine.html).not.toMatch(/href="javascript/i);
    expect(mine.html).toContain('href="https://example.com"');
    const reply = await ours(c).community.createComments({ ...item, body: 'Agreed', parentId: mine.id });
    expect(reply.parentId).toBe(mine.id);

    await expect(ref(a).community.editComment(mine.id, 'changed by someone else')).rejects.toMatchObject({
      status: 403,
    });
    expect((await ref(b).community.editComment(mine.id, 'Edited _text_')).html).toContain('<em>text</em>');

    await expect(ref(c).community.hideComment(mine.id)).rejects.toMatchObject({ status: 403 });
    expect(await ref(a).community.hideComment(mine.id)).toMatchObject({ hidden: true });
    const seenBy = async (d: TestDeveloper) =>
      (await ref(d).community.getComments('profile', a.id, 'oldest')).map((x: any) => x.id);
    expect(await seenBy(c)).toEqual([reply.id]);
    expect(await seenBy(b)).toEqual([mine.id, reply.id]);
    expect(await seenBy(a)).toEqual([mine.id, reply.id]);
    await ref(a).community.displayComment(mine.id);
    expect(await seenBy(c)).toEqual([mine.id, reply.id]);

    // Deleting keeps the thread's shape; unknown contexts and items are 404 naming them.
    await ref(b).community.deleteComment(mine.id);
    const after = await ours(c).community.getComments('profile', a.id);
    expect(after[0]).toMatchObject({ id: mine.id, deleted: true, body: '' });
    await expect(ours(c).community.getComments('nowhere', 'x')).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('nowhere'),
    });
    await expect(ours(c).community.getComments('profile', 'no-such-dev')).rejects.toMatchObject({ status: 404 });
    // An app's discussion is its team's: a stranger cannot see it.
    const appId = await createTestApp(server(), a.authKey);
    await ours(a).community.createComments({ context: 'app', itemId: appId, body: 'team only' });
    await expect(ours(c).community.getComments('app', appId)).rejects.toMatchObject({ status: 404 });
  });

  it('reviews: rating 1–5, one per developer and item, no verified purchase without a marketplace', async () => {
    const review = { context: 'profile', itemId: a.id };
    const six = await server().call('POST', '/console/community/reviews', {
      authKey: b.authKey,
      body: { ...review, rating: 6 },
    });
    expect(six.statusCode).toBe(400);
    await expect(ref(b).community.createReview({ ...review, rating: 6 })).rejects.toMatchObject({ status: 400 });
    const first = await ref(b).community.createReview({ ...review, rating: 5, body: 'Great profile' });
    expect(first).toMatchObject({ rating: 5, verifiedPurchase: false, author: { developerId: b.id, userName: 'bob' } });
    await expect(ref(b).community.createReview({ ...review, rating: 4 })).rejects.toMatchObject({ status: 409 });
    expect(await ref(b).community.editReview(first.id, 'Good', 4)).toMatchObject({ rating: 4, body: 'Good' });
    await expect(ref(c).community.editReview(first.id, 'mine now', 1)).rejects.toMatchObject({ status: 403 });
    expect(await ref(c).community.getReviews('profile', a.id)).toEqual([
      expect.objectContaining({ id: first.id, rating: 4 }),
    ]);
  });

  it('votes are idempotent and likers list each developer once', async () => {
    const [review] = await ours(a).community.getReviews('profile', a.id);
    expect(await ref(c).community.vote({ itemId: review.id, type: 'review', value: 1 })).toEqual({
      liked: true,
      likes: 1,
    });
    expect(await ref(c).community.vote({ itemId: review.id, type: 'review', value: 1 })).toEqual({
      liked: true,
      likes: 1,
    });
    expect(await ref(a).community.getLikers('review', review.id)).toEqual([{ developerId: c.id, userName: null }]);
    expect(await ours(c).community.vote({ itemId: review.id, type: 'review', value: 0 })).toEqual({
      liked: false,
      likes: 0,
    });
    expect(await ours(a).community.getLikers('review', review.id)).toEqual([]);
    await expect(ours(c).community.vote({ itemId: 'nope', type: 'review' })).rejects.toMatchObject({ status: 404 });
    await expect(ours(c).community.vote({ itemId: review.id, type: 'banana' })).rejects.toMatchObject({ status: 400 });
  });

  it('posting is rate limited per developer and refused while blacklisted', async () => {
    const d = await registerDeveloper(server());
    for (let i = 0; i < 10; i++)
      await ours(d).community.createComments({ context: 'profile', itemId: a.id, body: `n${i}` });
    await expect(
      ours(d).community.createComments({ context: 'profile', itemId: a.id, body: 'one too many' }),
    ).rejects.toMatchObject({
      status: 429,
    });

    const e = await registerDeveloper(server());
    expect(await ref(e).community.getUserBlacklistStatus()).toEqual({ blacklisted: false, reason: null, until: null });
    await server()
      .app.basalt.dbs.system.insertInto('cm_blacklist' as never)
      .values({ developer_id: e.id, reason: 'spam', until: null, created: Date.now() } as never)
      .execute();
    expect(await ref(e).community.getUserBlacklistStatus()).toMatchObject({ blacklisted: true, reason: 'spam' });
    const refused = await server().call('POST', '/console/community/comments', {
      authKey: e.authKey,
      body: { context: 'profile', itemId: a.id, body: 'buy now' },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'BLACKLISTED']);
  });

  it('removing a profile leaves its comments signed by a deleted user; the questionnaire records answers once checked', async () => {
    const item = { context: 'profile', itemId: a.id };
    const said = await ours(b).community.createComments({ ...item, body: 'still here' });
    await ref(b).developerProfile.remove();
    expect(await ours(b).developerProfile.getMyProfile()).toBeNull();
    const found = (await ours(a).community.getComments('profile', a.id)).find((x) => x.id === said.id);
    expect(found).toMatchObject({ author: null, body: 'still here' });

    expect(await ref(c).initialQuestionnaire.loadStatus()).toEqual({ completed: false, completedAt: null });
    expect((await ref(c).initialQuestionnaire.loadQuestions()).map((q: any) => q.id)).toContain('experience');
    await expect(ours(c).initialQuestionnaire.sendAnswers({ role: 'astronaut' })).rejects.toMatchObject({
      status: 400,
    });
    expect(
      await ref(c).initialQuestionnaire.sendAnswers({ role: 'backend', building: ['web', 'api'], goal: 'ship' }),
    ).toMatchObject({
      completed: true,
    });
    expect(await ours(c).initialQuestionnaire.loadStatus()).toMatchObject({ completed: true });

    // The whole footprint goes with `dev/suicide`.
    await ref(c).community.onDeveloperSuicide();
    expect(await ours(c).initialQuestionnaire.loadStatus()).toMatchObject({ completed: false });
  });
});

describeEachDb(
  'community: invite-only registration',
  (server) => {
    let url: string;

    beforeAll(async () => {
      url = await listenForClients(server());
    });

    it('registration needs an invitation for the address, which then reads as used without the client claiming it', async () => {
      // The first account of a fresh instance is the operator's and needs none.
      const owner = await registerDeveloper(server());
      const reference = createReferenceClient(url, owner.authKey);
      const anonymous = createReferenceClient(url);

      const refused = await server().call('POST', '/console/devreg', {
        body: { email: 'new@example.com', password: 'correct horse battery' },
      });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'INVITATION_REQUIRED']);

      expect(await reference.referrals.loadInviteCode()).toMatchObject({ code: expect.any(String), inviteOnly: true });
      const invite = await reference.referrals.sendInvite({ email: 'New@Example.com' });
      expect(invite).toMatchObject({ email: 'new@example.com', status: 'sent' });
      const mail = server().app.basalt.mailer.recent.at(-1)!;
      expect(mail.to).toBe('new@example.com');
      expect(mail.text).toContain(invite.id);
      await expect(reference.referrals.sendInvite({ email: 'new@example.com' })).rejects.toMatchObject({ status: 409 });

      expect(await anonymous.referrals.checkInviteId(invite.id)).toEqual({ valid: true, email: 'new@example.com' });
      expect(await anonymous.referrals.checkInviteId('made-up')).toEqual({ valid: false, email: null });

      const wrongAddress = await server().call('POST', '/console/devreg', {
        body: { email: 'other@example.com', password: 'correct horse battery', inviteId: invite.id },
      });
      expect(wrongAddress.statusCode).toBe(403);
      // Claiming a team invitation in the body does not get past the check.
      const claimed = await server().call('POST', '/console/devreg', {
        body: { email: 'other@example.com', password: 'correct horse battery', teamInvitation: true },
      });
      expect(claimed.statusCode).toBe(403);

      const joined = await anonymous.user.register({
        email: 'new@example.com',
        password: 'correct horse battery',
        inviteId: invite.id,
      });
      expect(joined).toMatchObject({ email: 'new@example.com' });
      const [listed] = await createBasaltClient(url, owner.authKey).referrals.loadInvites();
      expect(listed).toMatchObject({ id: invite.id, status: 'registered', registeredAt: expect.any(Number) });
      expect(await anonymous.referrals.checkInviteId(invite.id)).toEqual({ valid: false, email: null });
    });
  },
  { inviteOnly: true },
);
