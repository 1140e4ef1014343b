import { beforeAll, expect, it } from 'vitest';
import { createClient } from '@basalt/sdk';
import {
  createTestApp,
  describeEachDb,
  listenForClients,
  registerDeveloper,
  type TestDeveloper,
} from '../../test-helpers.js';

/*
 * The operator's moderation list (decision 0092): every item's comments, hidden ones by default,
 * newest change first, never deleted ones; operators only (403 for anyone else, even an item's
 * own moderator), and 403 FEATURE_DISABLED when community is switched off.
 */
describeEachDb(
  'community: the operator lists comments to moderate',
  (server) => {
    let url: string;
    let boss: TestDeveloper;
    let owner: TestDeveloper;
    let writer: TestDeveloper;
    const sdk = (d: TestDeveloper) => createClient(url, d.authKey);

    beforeAll(async () => {
      url = await listenForClients(server());
      owner = await registerDeveloper(server());
      writer = await registerDeveloper(server());
      boss = await registerDeveloper(server(), 'Boss@Example.com');
    });

    it('lists hidden comments of every context to the operator, newest change first, and follows hide/display', async () => {
      const appId = await createTestApp(server(), owner.authKey);
      await sdk(owner).developerProfile.createProfile({ userName: `owner${Date.now()}` });
      const onApp = await sdk(owner).community.createComments({ context: 'app', itemId: appId, body: 'app talk' });
      const onProfile = await sdk(writer).community.createComments({
        context: 'profile',
        itemId: owner.id,
        body: '**rude**',
      });
      const kept = await sdk(writer).community.createComments({ context: 'profile', itemId: owner.id, body: 'kind' });
      const gone = await sdk(writer).community.createComments({ context: 'profile', itemId: owner.id, body: 'oops' });

      expect(await sdk(boss).operator.loadComments()).toEqual([]);

      // The item's owner hides one, the operator another (an operator moderates every item).
      await sdk(owner).community.hideComment(onProfile.id);
      await new Promise((r) => setTimeout(r, 5));
      await sdk(boss).community.hideComment(onApp.id);
      await sdk(boss).community.hideComment(gone.id);
      await sdk(writer).community.deleteComment(gone.id);

      const hidden = await sdk(boss).operator.loadComments();
      expect(hidden.map((x) => x.id)).toEqual([onApp.id, onProfile.id]);
      expect(hidden[0]).toMatchObject({ context: 'app', itemId: appId, hidden: true, body: 'app talk', mine: false });
      expect(hidden[1]).toMatchObject({
        context: 'profile',
        itemId: owner.id,
        hidden: true,
        html: expect.stringContaining('<strong>rude</strong>'),
        author: { developerId: writer.id },
      });

      const visible = await sdk(boss).operator.loadComments('visible');
      expect(visible.map((x) => x.id)).toEqual([kept.id]);
      expect((await sdk(boss).operator.loadComments('all')).map((x) => x.id).sort()).toEqual(
        [onApp.id, onProfile.id, kept.id].sort(),
      );
      expect(await sdk(boss).operator.loadComments('all', 1)).toHaveLength(1);

      // Displayed again: it leaves the hidden list.
      await sdk(boss).community.displayComment(onProfile.id);
      expect((await sdk(boss).operator.loadComments('hidden')).map((x) => x.id)).toEqual([onApp.id]);
    });

    it('refuses developers who are not operators, an item moderator included, and checks the query', async () => {
      await expect(sdk(owner).operator.loadComments()).rejects.toMatchObject({ status: 403 });
      await expect(sdk(writer).operator.loadComments('all')).rejects.toMatchObject({ status: 403 });
      const bad = await server().call('GET', '/console/community/operator/comments?status=secret', {
        authKey: boss.authKey,
      });
      expect(bad.statusCode).toBe(400);
      const tooMany = await server().call('GET', '/console/community/operator/comments?limit=501', {
        authKey: boss.authKey,
      });
      expect(tooMany.statusCode).toBe(400);
      expect((await server().call('GET', '/console/community/operator/comments')).statusCode).toBe(401);
    });
  },
  { admins: ['boss@example.com'] },
);

describeEachDb(
  'community switched off: the moderation list says so',
  (server) => {
    it('answers 403 FEATURE_DISABLED even to the operator', async () => {
      const first = await registerDeveloper(server());
      const res = await server().call('GET', '/console/community/operator/comments', { authKey: first.authKey });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
    });
  },
  { features: { billing: true, marketplace: true, community: false, gamification: true } },
);
