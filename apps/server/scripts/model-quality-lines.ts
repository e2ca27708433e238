/**
 * What `npm run models -- list` says of a model's published quality: per direction of the quality
 * table it would serve, the FLORES-200 chrF++ and its word, in two lines (out of English, into
 * English) for a multilingual model, or its configured pairs for a pair model; and whether the
 * licence setting lets it translate at all.
 */
import { resolveLanguage } from '@sema/shared/languages/catalogue';
import {
  QUALITY,
  QUALITY_LABELS,
  bandOf,
  isCommercialLicence,
  publishedChrf,
  releaseOfModel,
} from '@sema/shared/quality/quality';

const nameOf = (code: string) => resolveLanguage(code)?.name ?? code;
const figure = (chrf: number) => `${chrf.toFixed(1)} ${QUALITY_LABELS[bandOf(chrf)].toLowerCase()}`;

export function qualityLines(
  model: { name: string; familyId?: string; licence?: string },
  pairs: readonly { source: string; target: string }[],
  licences: 'any' | 'commercial',
): string[] {
  const lines: string[] = [];
  const release = releaseOfModel(model.name, model.familyId);
  const licence = model.licence ?? (release ? QUALITY.releases[release]?.licence : undefined);
  if (licences === 'commercial' && !isCommercialLicence(licence)) {
    lines.push(`not used: SEMA_MODEL_LICENCES=commercial and its licence is ${licence ?? 'unknown'}`);
  }
  const source = 'published chrF++, FLORES-200 devtest (Helsinki-NLP MT leaderboards)';
  if (!release) return [...lines, `quality: no published figure for this model (${source})`];
  const basis =
    release === 'opus-mt' ? ' (the best OPUS-MT release published; an older one may score lower)' : '';
  if (pairs.length > 0) {
    const told = pairs.map(({ source: from, target }) => {
      const chrf = publishedChrf(release, from, target);
      return `${nameOf(from)} → ${nameOf(target)} ${chrf === undefined ? 'no published figure' : figure(chrf)}`;
    });
    return [...lines, `quality${basis}: ${told.join('; ')} — ${source}`];
  }
  const outOf: string[] = [];
  const into: string[] = [];
  for (const key of Object.keys(QUALITY.directions)) {
    const [from = '', target = ''] = key.split('>');
    const chrf = publishedChrf(release, from, target);
    if (chrf === undefined) continue;
    if (from === 'eng_Latn') outOf.push(`${nameOf(target)} ${figure(chrf)}`);
    else if (target === 'eng_Latn') into.push(`${nameOf(from)} ${figure(chrf)}`);
  }
  outOf.sort();
  into.sort();
  if (outOf.length + into.length === 0)
    return [...lines, `quality: no published figure for the languages tabled (${source})`];
  lines.push(`quality${basis}, ${source}:`);
  if (outOf.length > 0) lines.push(`  from English: ${outOf.join(', ')}`);
  if (into.length > 0) lines.push(`  into English: ${into.join(', ')}`);
  return lines;
}
