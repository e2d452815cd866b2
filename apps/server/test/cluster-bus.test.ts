/**
 * The cluster bus over Redis (SCALE-2, SCALE-6 in docs/requirements.md) when Redis stalls rather
 * than stops: a command that times out leaves the connection up, so no reconnection tells the bus
 * Redis is back. It must find out by itself, within about a second, and meanwhile claim no write
 * generation it cannot know (a server would otherwise answer a user from its own kept answers,
 * older than what they wrote on another server).
 *
 * The test stalls a redis-server of its own (SIGSTOP, then SIGCONT).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClusterBus, type ClusterBus } from '../src/lib/cluster-bus.ts';
import { startRedisServer, stopRedisServer, type RedisServer } from './helpers/redis-server.ts';
import { freePort } from './helpers/server-process.ts';

let redis: RedisServer;
let bus: ClusterBus;
const logged: string[] = [];

beforeAll(async () => {
  redis = await startRedisServer(await freePort());
  bus = createClusterBus({
    redisUrl: redis.url,
    log: {
      info: (_details, message) => void logged.push(message),
      warn: (_details, message) => void logged.push(message),
    },
  });
});

afterAll(async () => {
  await bus.close();
  await stopRedisServer(redis);
});

it('claims no generation while Redis stalls, and uses Redis again within 2 s of its return', async () => {
  expect(await bus.bumpUser('ann')).toBe(1);
  expect(await bus.userGeneration('ann')).toBe(1);

  redis.process.kill('SIGSTOP');
  try {
    // The command times out (500 ms): Redis is taken as lost, once.
    expect(await bus.userGeneration('ann')).toBeUndefined();
    expect(await bus.userGeneration('ann')).toBeUndefined();
    expect(logged.filter((m) => m.startsWith('Redis unavailable'))).toHaveLength(1);
  } finally {
    redis.process.kill('SIGCONT');
  }

  const back = Date.now();
  let generation: number | undefined;
  while ((generation = await bus.userGeneration('ann')) === undefined) {
    if (Date.now() - back > 2000) throw new Error('Redis was not used again within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(generation).toBe(1);
  expect(logged).toContain('Redis is back: caches and invalidation are shared again');
  // Writes count in Redis again.
  expect(await bus.bumpUser('ann')).toBe(2);
  expect(await bus.userGeneration('ann')).toBe(2);
});
