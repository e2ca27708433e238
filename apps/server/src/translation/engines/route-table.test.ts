import { describe, expect, it } from 'vitest';
import {
  chooseRoute,
  pairKey,
  routeOf,
  servedByTable,
  type Routable,
  type RouteTableInput,
} from './route-table.ts';

const served = (sources: string[], targets = sources) => ({ sources, targets });
const pair = (model: string, source: string, target: string) =>
  [pairKey(source, target), { model, served: served([source], [target]) }] as const;

/** A main model serving `mainLanguages` both ways, and pair models en→fr, de→en, en→ig, yo→en. */
function table(
  pivot: boolean,
  mainLanguages = ['eng_Latn', 'fra_Latn', 'deu_Latn', 'spa_Latn'],
): RouteTableInput<string> {
  return {
    main: { model: 'main', served: served(mainLanguages) },
    pairs: new Map([
      pair('en-fr', 'eng_Latn', 'fra_Latn'),
      pair('de-en', 'deu_Latn', 'eng_Latn'),
      pair('en-ig', 'eng_Latn', 'ibo_Latn'),
      pair('yo-en', 'yor_Latn', 'eng_Latn'),
    ]),
    pivot,
  };
}

const models = (legs: { model: string }[] | undefined) => legs?.map((leg) => leg.model);

describe('routeOf', () => {
  it('sends a pair with a pair model there, and the rest to the main model', () => {
    expect(routeOf(table(false), 'eng_Latn', 'fra_Latn')).toEqual([
      { model: 'en-fr', source: 'eng_Latn', target: 'fra_Latn' },
    ]);
    expect(models(routeOf(table(false), 'fra_Latn', 'eng_Latn'))).toEqual(['main']);
    expect(models(routeOf(table(false), 'deu_Latn', 'fra_Latn'))).toEqual(['main']);
  });

  it('pivots through English when pair models serve both legs (pivot on only)', () => {
    expect(routeOf(table(true), 'deu_Latn', 'fra_Latn')).toEqual([
      { model: 'de-en', source: 'deu_Latn', target: 'eng_Latn' },
      { model: 'en-fr', source: 'eng_Latn', target: 'fra_Latn' },
    ]);
    expect(models(routeOf(table(true), 'yor_Latn', 'ibo_Latn'))).toEqual(['yo-en', 'en-ig']);
    expect(routeOf(table(false), 'yor_Latn', 'ibo_Latn')).toBeUndefined();
  });

  it('uses the main model for one leg only for a pair it does not serve directly', () => {
    // The main model serves German→Spanish itself: one pass, no pivot.
    expect(models(routeOf(table(true), 'deu_Latn', 'spa_Latn'))).toEqual(['main']);
    // Yoruba is not the main model's: Yoruba→English by the pair model, English→Spanish by the main.
    expect(models(routeOf(table(true), 'yor_Latn', 'spa_Latn'))).toEqual(['yo-en', 'main']);
    expect(models(routeOf(table(true), 'spa_Latn', 'ibo_Latn'))).toEqual(['main', 'en-ig']);
    // Neither leg has a pair model: nothing to pivot with.
    expect(routeOf(table(true), 'zul_Latn', 'spa_Latn')).toBeUndefined();
  });

  it('takes a main model still loading (languages unknown) to serve anything', () => {
    const loading = { ...table(true), main: { model: 'main', served: undefined } };
    expect(models(routeOf(loading, 'yor_Latn', 'spa_Latn'))).toEqual(['main']);
    expect(servedByTable(loading)).toBeUndefined();
  });
});

describe('servedByTable', () => {
  it('lists each source with exactly the targets some route reaches', () => {
    const codes = servedByTable(table(false, ['eng_Latn', 'fra_Latn']))!;
    expect(Object.fromEntries(codes.targetsOf!)).toEqual({
      eng_Latn: ['fra_Latn', 'ibo_Latn'],
      fra_Latn: ['eng_Latn'],
      deu_Latn: ['eng_Latn'],
      yor_Latn: ['eng_Latn'],
    });
    expect(codes.sources).toEqual(['eng_Latn', 'fra_Latn', 'deu_Latn', 'yor_Latn']);
    expect([...codes.targets].sort()).toEqual(['eng_Latn', 'fra_Latn', 'ibo_Latn']);
  });

  it('adds the pivots when pivoting is on', () => {
    const codes = servedByTable(table(true, ['eng_Latn', 'fra_Latn']))!;
    expect(codes.targetsOf!.get('yor_Latn')).toEqual(['eng_Latn', 'fra_Latn', 'ibo_Latn']);
    expect(codes.targetsOf!.get('deu_Latn')).toEqual(['eng_Latn', 'fra_Latn', 'ibo_Latn']);
  });
});

describe('chooseRoute: published quality, speed and the licence setting', () => {
  const everything = served(['eng_Latn', 'fra_Latn', 'som_Latn', 'zul_Latn']);
  /** A model whose published figure for every direction is `chrf` (undefined: none). */
  const model = (name: string, chrf: number | undefined, extra: Partial<Routable<string>> = {}) => ({
    model: name,
    served: everything,
    chrf: () => chrf,
    ...extra,
  });
  const withPair = (main: Routable<string>, pair: Routable<string>): RouteTableInput<string> => ({
    main,
    pairs: new Map([[pairKey('eng_Latn', 'som_Latn'), pair]]),
    pivot: false,
  });
  const chosen = (input: RouteTableInput<string>) => chooseRoute(input, 'eng_Latn', 'som_Latn');

  it('sends the pair to the model with the higher published figure, saying so', () => {
    const toMain = chosen(withPair(model('nllb', 40.6), model('m2m', 8.4)));
    expect(toMain?.legs.map((leg) => leg.model)).toEqual(['nllb']);
    expect(toMain?.why).toBe(
      'higher published quality: chrF++ 8.4 for the pair model, 40.6 for the main model',
    );
    expect(models(chosen(withPair(model('m2m', 8.4), model('opus', 29.9)))?.legs)).toEqual(['opus']);
  });

  it('breaks a near tie (under 2 points) by speed, and a wider gap by quality alone', () => {
    const fastPair = chosen(withPair(model('nllb', 49.0, { speed: 1 }), model('opus', 50.2, { speed: 6.1 })));
    expect(models(fastPair?.legs)).toEqual(['opus']);
    expect(fastPair?.why).toMatch(/^near tie on published quality .*: the faster model$/);
    const fastMain = withPair(model('m2m', 65.5, { speed: 1.39 }), model('nllb13', 67.0, { speed: 0.33 }));
    expect(models(chosen(fastMain)?.legs)).toEqual(['m2m']);
    const clear = withPair(model('m2m', 64.0, { speed: 1.39 }), model('nllb13', 67.0, { speed: 0.33 }));
    expect(models(chosen(clear)?.legs)).toEqual(['nllb13']);
  });

  it('keeps the configured pair model when either figure is missing', () => {
    const route = chosen(withPair(model('nllb', 40.6), model('custom', undefined)));
    expect(models(route?.legs)).toEqual(['custom']);
    expect(route?.why).toMatch(/no published figures to compare/);
  });

  it('never routes to a model the licence setting forbids', () => {
    const forbiddenPair = chosen(withPair(model('m2m', 8.4), model('nllb', 40.6, { allowed: false })));
    expect(models(forbiddenPair?.legs)).toEqual(['m2m']);
    expect(forbiddenPair?.why).toMatch(/licence setting forbids the pair model/);
    const forbiddenMain = withPair(model('nllb', 40.6, { allowed: false }), model('opus', 29.9));
    expect(models(chosen(forbiddenMain)?.legs)).toEqual(['opus']);
    expect(chooseRoute(forbiddenMain, 'eng_Latn', 'fra_Latn')).toBeUndefined();
    expect(servedByTable(forbiddenMain)?.sources).toEqual(['eng_Latn']);
  });
});
