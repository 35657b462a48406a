import { test } from '@japa/runner'
import {
  COMMON_TRIGRAM_SHARE,
  FREQUENT_TRIGRAM_SHARE,
  isCommonWord,
  selectivePiece,
} from '#domain/search_pieces'

/**
 * The last names of `bench:lead-desks` (Surname0 … Surname49999, 40 leads
 * each): every row holds sur, urn, rna, nam, ame; `me4` a number starting
 * with 4 (22 %), `e42` one starting with 42 (4.4 %), `424`/`242` anywhere (< 1 %).
 */
const LAST_NAMES = new Map([
  ['sur', 1],
  ['urn', 1],
  ['rna', 1],
  ['nam', 1],
  ['ame', 1],
  ['me4', 0.22],
  ['me7', 0.22],
  ['e42', 0.044],
  ['e77', 0.022],
  ['424', 0.006],
  ['242', 0.006],
])

/** Their e-mails, lead<N>@bench.test: `lea`, `ead` in all, `ad1` in a ninth, `d12` in a ninetieth. */
const EMAILS = new Map([
  ['lea', 1],
  ['ead', 1],
  ['ad1', 0.11],
  ['d12', 0.011],
  ['ben', 1],
  ['enc', 1],
  ['nch', 1],
])

test.group('search pieces (app/domain/search_pieces.ts)', () => {
  test('the index gets the rare part of a name; the common prefix is left to the row check', ({
    assert,
  }) => {
    assert.equal(selectivePiece('surname4242', LAST_NAMES), 'e4242')
    assert.equal(selectivePiece('surname424', LAST_NAMES), 'e424')
    assert.equal(selectivePiece('surname77', LAST_NAMES), 'e77')
  })

  test('nothing rare, or nothing frequent, leaves the whole text to the index', ({ assert }) => {
    assert.isNull(selectivePiece('surname4', LAST_NAMES), 'every trigram frequent')
    assert.isNull(
      selectivePiece(
        'emma',
        new Map([
          ['emm', 0.1],
          ['mma', 0.1],
        ])
      )
    )
    assert.isNull(selectivePiece('zzzzqqq', LAST_NAMES), 'every trigram rare')
    assert.isNull(selectivePiece('john.smith', LAST_NAMES), 'two rare words: both narrow')
    assert.isNull(selectivePiece('ab', LAST_NAMES), 'too short for a trigram')
  })

  test('a piece stays within a run of letters and digits', ({ assert }) => {
    assert.equal(selectivePiece('lead123456@', EMAILS), 'ad123456')
    assert.equal(selectivePiece('lead123456@bench', EMAILS), 'ad123456')
  })

  test('a trigram at the limit is frequent, an absent one rare, and case is kept', ({ assert }) => {
    const atLimit = new Map([
      ['abc', FREQUENT_TRIGRAM_SHARE],
      ['bcd', FREQUENT_TRIGRAM_SHARE - 0.01],
    ])
    assert.equal(selectivePiece('abcd', atLimit), 'bcd')
    assert.equal(selectivePiece('Surname4242', LAST_NAMES), 'e4242')
  })

  test('of two equally long rare pieces the rarer wins', ({ assert }) => {
    const shares = new Map([
      ['aaa', 1],
      ['xyz', 0.15],
      ['pqr', 0.01],
    ])
    assert.equal(selectivePiece('xyz aaa pqr', shares), 'pqr')
    assert.equal(selectivePiece('pqr aaa xyz', shares), 'pqr')
  })
})

test.group('common words (app/domain/search_pieces.ts)', () => {
  const FIRST_NAMES = new Map([
    ['emm', 0.1],
    ['mma', 0.1],
    ['lia', 0.1],
    ['iam', 0.1],
  ])

  test('a one-word text whose every trigram is common is a common word', ({ assert }) => {
    assert.isTrue(isCommonWord('emma', FIRST_NAMES))
    assert.isTrue(isCommonWord('EMMA', FIRST_NAMES), 'case does not matter')
    assert.isTrue(
      isCommonWord(
        'emma',
        new Map([
          ['emm', COMMON_TRIGRAM_SHARE],
          ['mma', 0.5],
        ])
      ),
      'the limit is common'
    )
  })

  test('one rare trigram, two words, a short or non-ASCII text are not', ({ assert }) => {
    assert.isFalse(isCommonWord('emmaliam', FIRST_NAMES), 'mal and ali are rare')
    assert.isFalse(isCommonWord('emma liam', FIRST_NAMES))
    assert.isFalse(isCommonWord('em', FIRST_NAMES))
    assert.isFalse(isCommonWord('émma', FIRST_NAMES))
    assert.isFalse(isCommonWord('emma', new Map([['emm', 0.1]])), 'mma is rare')
  })
})
