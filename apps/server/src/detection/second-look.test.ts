import { describe, expect, it } from 'vitest';
import { createDetector } from './detector.ts';
import { secondLook, unsureGroup } from './second-look.ts';

/** Detector scores by language, as the first pass hands them to the second look. */
const scoreMap = (byLanguage: Record<string, number>) => new Map(Object.entries(byLanguage));

/** The language with the highest score. */
const best = (scores: Map<string, number>) => [...scores].sort((a, b) => b[1] - a[1])[0]![0];

describe('the second look within a group of close neighbours', () => {
  it.each([
    {
      rule: 'Kikuyu against Kamba by r/c against l/s/v',
      near: scoreMap({ kik_Latn: 0.45, kam_Latn: 0.5, swh_Latn: 0.05 }),
      reads: { text: 'ũrĩa ciothe rĩrĩa', as: 'kik_Latn' },
      against: { text: 'kĩla ũla syonthe vala', as: 'kam_Latn', leader: ['kik_Latn', 0.55] as const },
    },
    {
      rule: 'Kirundi against Kinyarwanda by c before a vowel and vy against cy and by',
      near: scoreMap({ kin_Latn: 0.6, run_Latn: 0.4 }),
      reads: { text: 'ico ni co gituma vyose', as: 'run_Latn' },
      against: { text: 'icyo ni cyo gituma byose', as: 'kin_Latn', leader: ['run_Latn', 0.7] as const },
    },
    {
      rule: 'Akan (Asante spelling) against Twi (Akuapem spelling) by marked final vowels against -fo, -w',
      near: scoreMap({ twi_Latn: 0.55, aka_Latn: 0.45 }),
      reads: { text: 'Ahɔhoɔ no fii mmeaeɛ ahodoɔ berɛ a nsuo no sɛeɛ', as: 'aka_Latn' },
      against: {
        text: 'Nkurɔfo ahorow dodow no fii mmeae biako',
        as: 'twi_Latn',
        leader: ['aka_Latn', 0.7] as const,
      },
    },
  ])('decides $rule when the first pass has them near, whichever leads', ({ near, reads, against }) => {
    expect(best(secondLook(reads.text, near))).toBe(reads.as);
    expect(best(secondLook(against.text, new Map([...near, against.leader])))).toBe(against.as);
  });

  it('leaves a sure first pass, and leaders that are not neighbours, alone', () => {
    const sure = scoreMap({ kin_Latn: 0.99999, run_Latn: 0.00001 });
    expect(unsureGroup(sure)).toBeNull();
    expect(secondLook('ico canke vyose', sure)).toBe(sure);
    const strangers = scoreMap({ eng_Latn: 0.5, kik_Latn: 0.4 });
    expect(secondLook('ciothe rĩrĩa', strangers)).toBe(strangers);
  });
});

describe('long-tail languages the model has no text for, decided by their letters', () => {
  const detector = createDetector();
  const detect = (text: string) => detector.detect(text)?.language;

  it('reads ĩ/ũ text as Kikuyu or Kamba, never Swahili, and tells the two apart', () => {
    expect(detect('Andũ othe maciaragwo marĩ akũũ na marĩ na ũndũire wa kĩrĩra')).toBe('kik_Latn');
    expect(detect('Kĩla mũndũ e na ũtonya wa kwĩka ũndũ ũla wĩ mũseo')).toBe('kam_Latn');
  });

  it('keeps Vietnamese, which writes ĩ and ũ among its other marks, Vietnamese', () => {
    expect(detect('Tôi cũng không biết')).toBe('vie_Latn');
    expect(detect('cũng được')).toBe('vie_Latn');
  });

  it('reads y in Latvian-lettered text as Latgalian, and Tumbuka ŵ as Tumbuka', () => {
    expect(detect('Kāda vaicuojums ir vysim cylvākim')).toBe('ltg_Latn');
    expect(detect('Ŵanthu wose ŵakubabika ŵakufwatuka na ŵakuyana mu ulemu')).toBe('tum_Latn');
  });

  it("reads Kashmiri's own Devanagari vowel signs as Kashmiri, not Hindi", () => {
    // "This is my house", with the ue sign ॖ only Kashmiri writes (it was read as Nepali).
    expect(detect('यि छु म्योन गरॖ')).toBe('kas_Deva');
  });

  it('says so when two neighbours stay near: the runner-up is an alternative with real weight', () => {
    // Two words Kinyarwanda and Kirundi write alike.
    const result = detector.detect('Abantu bose')!;
    expect(['kin_Latn', 'run_Latn']).toContain(result.language);
    const other = result.language === 'kin_Latn' ? 'run_Latn' : 'kin_Latn';
    expect(result.confidence).toBeLessThan(0.9);
    expect(result.alternatives.find(({ language }) => language === other)?.confidence ?? 0).toBeGreaterThan(
      0.05,
    );
  });
});
