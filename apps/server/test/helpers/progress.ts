/**
 * Watch progress calls for the progress tests (PROG-1, PROG-10 in docs/requirements.md): a user's
 * save, a title's progress and Continue Watching, through the real app.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ContinueWatchingItem, TitleProgress } from '@pigostream/contracts';
import { API, request, type TestUser } from './users.ts';

/** A progress save's fields (anything, for bad-input tests). */
export interface Save {
  id: number | string;
  type: string;
  season?: number;
  episode?: number;
  position: number;
  duration: number;
}

/** `POST /progress/save-progress` as `u`, naming `uid` (default `u`'s own). */
export function saveProgress(app: FastifyInstance, u: TestUser, body: Save, uid = u.uid) {
  return request(app, u, 'POST', `${API}/progress/save-progress`, { userUID: uid, ...body });
}

/** `u`'s progress of one title (asserting a 200). */
export async function progressOf(app: FastifyInstance, u: TestUser, id: number, type: string) {
  const res = await request(
    app,
    u,
    'GET',
    `${API}/progress/${u.uid}/fetch-progress?id=${String(id)}&type=${type}`,
  );
  expect(res.statusCode).toBe(200);
  return res.json<TitleProgress>().items;
}

/** `u`'s Continue Watching (asserting a 200). */
export async function continueWatchingOf(app: FastifyInstance, u: TestUser) {
  const res = await request(app, u, 'GET', `${API}/progress/${u.uid}/continue-watching`);
  expect(res.statusCode).toBe(200);
  return res.json<ContinueWatchingItem[]>();
}
