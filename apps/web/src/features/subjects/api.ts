import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSubjectEndpoint,
  listSubjectsEndpoint,
  permanentRemoveSubjectEndpoint,
  restoreSubjectEndpoint,
  trashSubjectEndpoint,
  updateSubjectEndpoint,
  type ListSubjectsQuery,
  type SubjectBody,
} from '@poselab/contract';
import { apiCall } from '../../api/client';

/** Every subject list query starts with this key (the Neutral page's autocomplete may share it). */
export const SUBJECT_LISTS_KEY = ['subject-lists'] as const;

export function useSubjects(query: ListSubjectsQuery) {
  return useQuery({
    queryKey: [...SUBJECT_LISTS_KEY, query],
    queryFn: ({ signal }) => apiCall(listSubjectsEndpoint, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Creates (no id) or updates a subject; lists refresh afterwards. */
export function useSaveSubject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SubjectBody }) =>
      id
        ? apiCall(updateSubjectEndpoint, { params: { id }, body })
        : apiCall(createSubjectEndpoint, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: SUBJECT_LISTS_KEY }),
  });
}

const ACTIONS = {
  trash: trashSubjectEndpoint,
  restore: restoreSubjectEndpoint,
  remove: permanentRemoveSubjectEndpoint,
} as const;

export function useSubjectAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: keyof typeof ACTIONS }) =>
      apiCall(ACTIONS[action], { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: SUBJECT_LISTS_KEY }),
  });
}
