/**
 * Watching together across two servers (TOGETHER-5 and TOGETHER-10 in docs/requirements.md, over
 * TOGETHER-8 and DEC-33 in docs/decisions.md): two app servers of the compiled build share one
 * PostgreSQL database and one Redis (support/cluster.ts). Three accounts, each in its own browser
 * context, watch a library file in one room: the host and a second member on server A, a third
 * on server B, which opens the invite at B's origin and holds its room socket there. Every page,
 * on both servers, lists the 3 members by name, and both servers count them. After a play, a
 * pause, a seek and a speed change by different members, each sent on the other server than the
 * one before, every member's video is within 0.5 s of the others within 1 s; the member on B
 * reloads and rejoins in step; with its media held back after the host's seek on A, the room
 * holds for everyone (it shows as 'Buffering' on A) and plays on in step once the media comes
 * (TOGETHER-5); when the host ends the room, the member on B is told.
 */
import type { Page } from '@playwright/test';
import type { RoomSummary } from '@pigostream/contracts';
import { expect, test } from './support/client-address.ts';
import {
  addToClusterLibrary,
  clusterUser,
  startCluster,
  type Cluster,
  type ClusterUser,
} from './support/cluster.ts';
import { openPlay, section } from './support/play-page.ts';
import {
  allowMutedAutoplay,
  expectInStep,
  memberRow,
  members,
  pressPlay,
  readAll,
  roomPanel,
  videoOf,
} from './support/together-page.ts';
import { longWebm } from './support/made-videos.ts';

/** A starter-catalogue movie (the cluster has a database and a library of its own). */
const INCREDIBLES = { id: 9806, type: 'movie', title: 'The Incredibles' } as const;

let cluster: Cluster | undefined;

test.beforeAll(async () => {
  // Server A loads the starter catalogue into the empty database before it answers.
  test.setTimeout(300_000);
  cluster = await startCluster();
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await cluster?.stop();
});

test('members on two servers play, pause, seek and change speed in step', async ({ browser }) => {
  test.setTimeout(180_000);
  if (!cluster) throw new Error('the cluster did not start');
  const { a, b } = cluster;
  const users: ClusterUser[] = await Promise.all([
    clusterUser(browser, a),
    clusterUser(browser, a),
    clusterUser(browser, b),
  ]);
  try {
    // The browser lets a page start a muted video by itself (autoplay): a member who joins plays
    // along without a press.
    for (const user of users) await allowMutedAutoplay(user.context);
    const [host, second, third] = users.map((user) => user.page) as [Page, Page, Page];
    const [onA, , onB] = users as [ClusterUser, ClusterUser, ClusterUser];
    // The hosts (host:port) each page opens its room sockets at.
    const socketHosts = users.map((user) => {
      const hosts: string[] = [];
      user.page.on('websocket', (socket) => {
        const url = new URL(socket.url());
        if (url.pathname === '/pigo-stream/together/ws') hosts.push(url.host);
      });
      return hosts;
    });
    await addToClusterLibrary(
      cluster,
      [onA, onB],
      INCREDIBLES,
      'The Incredibles (2004) [tmdbid-9806].webm',
      await longWebm({ heavy: true }),
    );

    // The host makes the room on A from the library file.
    await openPlay(host, INCREDIBLES);
    const local = section(host, 'Servers').getByRole('button', { name: 'Local library' });
    if ((await local.getAttribute('aria-pressed')) !== 'true') await local.click();
    await expect(videoOf(host)).toBeVisible();
    await host.getByRole('button', { name: 'Watch together' }).click();
    await expect(host).toHaveURL(/[?&]room=[A-Za-z0-9_-]{22}$/);
    const invite = new URL(await host.getByRole('textbox', { name: 'Invite link' }).inputValue());
    expect(invite.origin).toBe(a);
    expect(`${invite.pathname}${invite.search}`).toMatch(
      /^\/play\?id=9806&type=movie&room=[A-Za-z0-9_-]{22}$/,
    );
    const roomId = invite.searchParams.get('room') ?? '';

    // The second opens the invite on A, the third the same link at B's origin.
    await second.goto(invite.href);
    await third.goto(`${b}${invite.pathname}${invite.search}`);
    expect(new URL(third.url()).origin).toBe(b);
    const pages = [host, second, third];
    for (const page of pages) {
      await expect(members(page)).toHaveCount(3, { timeout: 20_000 });
      for (const { name } of users) {
        await expect(members(page).filter({ hasText: name })).toHaveCount(1);
      }
      await expect(videoOf(page)).toHaveAttribute('src', /\/pigo-stream\/sources\/media\//);
    }
    // Each page holds its room socket on its own server, and B's page invites at B's origin.
    users.forEach((user, i) => {
      const hosts = socketHosts[i] ?? [];
      expect(hosts.length).toBeGreaterThan(0);
      expect(new Set(hosts)).toEqual(new Set([new URL(user.origin).host]));
    });
    expect(
      new URL(await third.getByRole('textbox', { name: 'Invite link' }).inputValue()).origin,
    ).toBe(b);
    // Both servers count the 3 members of the one room.
    for (const user of [onA, onB]) {
      const summary = await user.request.get(`/pigo-stream/together/rooms/${roomId}`);
      expect(summary.ok()).toBe(true);
      expect(((await summary.json()) as RoomSummary).members).toBe(3);
    }
    await expect(third.getByRole('status').filter({ hasText: 'Paused for everyone.' })).toBeVisible(
      { timeout: 20_000 },
    );
    for (const page of [host, third]) {
      await expect(members(page).filter({ hasText: 'Buffering' })).toHaveCount(0, {
        timeout: 20_000,
      });
    }

    // The second plays (on A): everyone plays, in step.
    await videoOf(second).evaluate(pressPlay);
    await expectInStep(pages, (r) => !r.paused && r.time > 0);
    await host.waitForTimeout(2000);
    await expectInStep(pages, (r) => !r.paused && r.time > 1.5);

    // The third pauses (on B): everyone stops at the same place.
    await videoOf(third).evaluate((v: HTMLVideoElement) => {
      v.pause();
    });
    const stopped = await expectInStep(pages, (r) => r.paused);
    expect(Math.max(...stopped.map((r) => r.time))).toBeGreaterThan(1.5);

    // The host seeks to 40 s (on A): everyone is there.
    await videoOf(host).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 40;
    });
    await expectInStep(pages, (r) => Math.abs(r.time - 40) <= 0.5);

    // The third plays on (on B), the second plays at 1.5x (on A): everyone at 1.5x, in step.
    await videoOf(third).evaluate(pressPlay);
    await expectInStep(pages, (r) => !r.paused);
    await videoOf(second).evaluate((v: HTMLVideoElement) => {
      v.playbackRate = 1.5;
    });
    await expectInStep(pages, (r) => !r.paused && Math.abs(r.rate - 1.5) <= 0.15);
    await host.waitForTimeout(2000);
    const fast = await expectInStep(pages, (r) => !r.paused && Math.abs(r.rate - 1.5) <= 0.15);
    expect(Math.min(...fast.map((r) => r.time))).toBeGreaterThan(42);
    for (const page of pages) {
      await expect(members(page).filter({ hasText: /Not connected|Buffering/ })).toHaveCount(0);
    }

    // The third reloads (on B): it rejoins at the room's position, and the room plays on with it.
    await third.reload();
    await expect(members(third)).toHaveCount(3, { timeout: 20_000 });
    await expectInStep(pages, (r) => !r.paused && r.time > 42, 20_000);

    // The third's media is held back (on B); the host seeks to 100 s (on A), past what it has
    // loaded: the room holds on both servers, the third shown as buffering, until its media comes.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const media = (url: URL) => url.pathname.startsWith('/pigo-stream/sources/media/');
    await third.route(media, async (route) => {
      if (route.request().resourceType() === 'media') await released;
      await route.fallback();
    });
    await videoOf(host).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 100;
    });
    const thirdName = onB.name;
    for (const page of [host, second]) {
      await expect(memberRow(page, thirdName)).toContainText('Buffering', { timeout: 5000 });
    }
    await expect(roomPanel(host).getByRole('status')).toHaveText('Waiting for everyone to load…');
    await expectInStep([host, second], (r) => r.paused && Math.abs(r.time - 100) <= 0.5, 5000);
    await host.waitForTimeout(2000);
    const held = await readAll([host, second]);
    expect(held.every((r) => r.paused && Math.abs(r.time - 100) <= 0.5)).toBe(true);
    // The media comes: the room plays on from 100 s on both servers, everyone in step.
    release();
    await third.unroute(media);
    await expect(members(host).filter({ hasText: 'Buffering' })).toHaveCount(0, {
      timeout: 20_000,
    });
    await expectInStep(pages, (r) => !r.paused && r.time > 100, 5000);
    await host.waitForTimeout(1000);
    await expectInStep(pages, (r) => !r.paused && r.time > 100.5);

    // The host ends the room on A: the member on B is told.
    await host.getByRole('button', { name: 'End room' }).click();
    await expect(host).not.toHaveURL(/room=/);
    await expect(
      third.getByRole('region', { name: 'Watch together' }).getByRole('alert'),
    ).toHaveText('The room was closed.');
  } finally {
    for (const user of users) await user.context.close();
  }
});
