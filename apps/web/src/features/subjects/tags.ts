import { useQuery } from '@tanstack/react-query';
import type { TagVocabularyEntry } from '@poselab/contract';
import { i18n } from '../../i18n';

/** The subject tag vocabulary: a static file of {value, label} entries (SPEC §3). */
export const SUBJECT_TAGS_URL = '/tags/subject-tags.json';

export async function loadVocabulary(url: string): Promise<TagVocabularyEntry[]> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Could not load ${url} (${res.status}).`);
  const list = (await res.json()) as unknown;
  if (!Array.isArray(list)) throw new Error(`${url} is not a list.`);
  return list.filter(
    (e): e is TagVocabularyEntry => typeof e?.value === 'string' && typeof e?.label === 'string',
  );
}

export function useSubjectTagVocabulary() {
  return useQuery({
    queryKey: ['subject-tag-vocabulary'],
    staleTime: Infinity,
    queryFn: () => loadVocabulary(SUBJECT_TAGS_URL),
  });
}

/**
 * A tag value's label in the UI language (catalogue `<ns>:tags.<value>`), else the vocabulary file's English
 * label, else the value itself.
 */
export function tagLabel(
  vocabulary: TagVocabularyEntry[] | undefined,
  value: string,
  ns: 'subjects' | 'session' = 'subjects',
): string {
  const fallback = vocabulary?.find((e) => e.value === value)?.label ?? value;
  return i18n.t(`${ns}:tags.${value}`, { defaultValue: fallback });
}
