/**
 * Tiny shape checks for JSON answers, for screens that must stay lean (spec 9 budget): a
 * schema library costs ~25 kB gzip on a route, these a few hundred bytes. Each helper returns
 * the typed value or throws a {@link ShapeError} naming the field.
 */
import type { MediaType } from '@pigostream/contracts';

/** An answer field that does not have the expected type. */
export class ShapeError extends TypeError {
  override readonly name = 'ShapeError';
}

/** A JSON object. */
export type JsonObject = Record<string, unknown>;

/** `value` as an object. @throws ShapeError naming `what` otherwise (arrays too). */
export function obj(value: unknown, what: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ShapeError(`${what} must be an object`);
  }
  return value as JsonObject;
}

/** `value` as an array, each element mapped by `item`. @throws ShapeError otherwise. */
export function arr<T>(value: unknown, what: string, item: (v: unknown) => T): T[] {
  if (!Array.isArray(value)) throw new ShapeError(`${what} must be an array`);
  return value.map(item);
}

/** `o[key]` as a string. @throws ShapeError otherwise. */
export function str(o: JsonObject, key: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new ShapeError(`${key} must be a string`);
  return v;
}

/** `o[key]` as a string, or undefined when absent. @throws ShapeError for another type. */
export function optStr(o: JsonObject, key: string): string | undefined {
  return o[key] === undefined ? undefined : str(o, key);
}

/** `o[key]` as a string or null. @throws ShapeError for another type or when absent. */
export function nullableStr(o: JsonObject, key: string): string | null {
  return o[key] === null ? null : str(o, key);
}

/** `o[key]` as a finite number. @throws ShapeError otherwise. */
export function num(o: JsonObject, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ShapeError(`${key} must be a number`);
  return v;
}

/** `o[key]` as a whole number. @throws ShapeError otherwise. */
export function int(o: JsonObject, key: string): number {
  const v = num(o, key);
  if (!Number.isInteger(v)) throw new ShapeError(`${key} must be a whole number`);
  return v;
}

/** `o[key]` as 'movie' or 'tv'. @throws ShapeError otherwise. */
export function mediaType(o: JsonObject, key: string): MediaType {
  const v = o[key];
  if (v !== 'movie' && v !== 'tv') throw new ShapeError(`${key} must be 'movie' or 'tv'`);
  return v;
}
