import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { readFirstAnswers } from './first-answers.ts';

describe('readFirstAnswers', () => {
  it('reads the answers of the data block by path, null answers included', () => {
    const answers = readFirstAnswers(
      '{"/auth/me":null,"/index/trending/movie":{"moviesList":[{"id":603,"title":"\\u003cb>"}]}}',
    );
    expect([...answers.keys()]).toEqual(['/auth/me', '/index/trending/movie']);
    expect(answers.get('/auth/me')).toBeNull();
    expect(answers.get('/index/trending/movie')).toEqual({
      moviesList: [{ id: 603, title: '<b>' }],
    });
  });

  it.each([undefined, null, '', 'not json', 'null', '{"/auth/me":'])(
    'reads no answers from %j',
    (text) => {
      expect(readFirstAnswers(text).size).toBe(0);
    },
  );

  it.each(['[{"id":1}]', '"/auth/me"', '5'])('reads no answer for a path from %j', (text) => {
    const answers = readFirstAnswers(text);
    expect([...answers.keys()].filter((key) => key.startsWith('/'))).toEqual([]);
  });
});

describe('the page answers, handed out once', () => {
  /** The module freshly loaded in a page whose data block is `block`. */
  async function inPage(block: string) {
    vi.resetModules();
    vi.stubGlobal('document', { getElementById: () => ({ textContent: block }) });
    const [answers, data] = await Promise.all([
      import('./first-answers.ts'),
      import('./first-answer-data.ts'),
    ]);
    return { ...answers, ...data };
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const number = { parse: (data: unknown) => z.number().parse(data) };

  it('gives a checked answer as initial data once; later asks go to the server', async () => {
    const page = await inPage('{"/a":1,"/b":"x"}');
    expect(page.hasFirstAnswer('/a')).toBe(true);
    expect(page.firstAnswerData('/a', number)).toBe(1);
    expect(page.hasFirstAnswer('/a')).toBe(false);
    expect(page.firstAnswerData('/a', number)).toBeUndefined();
    expect(page.takeFirstAnswer('/a')).toBeUndefined();
  });

  it('leaves an answer its schema or `accept` refuses for the call itself', async () => {
    const page = await inPage('{"/a":1,"/b":"x"}');
    expect(page.firstAnswerData('/b', number)).toBeUndefined();
    expect(page.takeFirstAnswer('/b')).toEqual({ answer: 'x' });
    expect(page.firstAnswerData('/a', number, (n) => n > 1)).toBeUndefined();
    expect(page.takeFirstAnswer('/a')).toEqual({ answer: 1 });
  });
});
