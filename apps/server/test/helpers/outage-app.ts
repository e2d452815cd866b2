/**
 * What the database-outage tests share (ROB-4 of docs/robustness.md): the app over a given
 * database with its log lines collected, and those lines parsed.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '@pigostream/db';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

/** The log lines of the app, parsed: pino's `level` (40 warn, 50 error) and `msg`. */
export function logLines(lines: string[]): { level: number; msg: string }[] {
  return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
}

/** Builds the app over `database`, with its log lines (JSON text) collected in `lines`. */
export async function appOver(database: DatabaseHandle, lines: string[]): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'info' });
  const app = await buildApp({
    config,
    database,
    logger: {
      level: 'info',
      stream: {
        write: (line: string) => {
          lines.push(line);
        },
      },
    },
  });
  await app.ready();
  return app;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
