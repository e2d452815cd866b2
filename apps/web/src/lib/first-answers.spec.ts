import { describe, expect, it } from 'vitest';
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
