import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subject } from '@poselab/contract';
import { renderRoute } from '../../testing/render-route';
import SubjectsPage from './SubjectsPage';

const subject: Subject = {
  id: 'subj-1',
  name: 'Ann',
  weight: 70,
  height: 1.8,
  birth_year: 1990,
  sex_at_birth: null,
  gender: null,
  sex_display: '',
  gender_display: '',
  subject_tags: [],
  characteristics: '',
  terms: true,
  created_at: '',
  updated_at: '',
  share_token: 't',
  trashed: false,
  trashed_at: null,
  display_name: 'Ann',
  display_name_imperial: 'Ann',
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('subjects list: Download data asks which videos (issue #27)', () => {
  it("sends the subject's archive call with the chosen copy", async () => {
    const calls: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.includes('/async-download/')) return new Response(JSON.stringify({ task_id: 'task-1' }));
        if (url.includes('/on-ready/'))
          return new Response(
            JSON.stringify({
              state: 'ready',
              url: '/api/media/s.zip',
              file_name: 's.zip',
              size_bytes: 1,
              expires_at: '',
            }),
          );
        if (url.startsWith('/api/subjects/'))
          return new Response(JSON.stringify({ subjects: [subject], total: 1 }));
        return new Response('{}', { status: 404 });
      }),
    );
    renderRoute('/subjects', '/subjects', <SubjectsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Ann/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download data' }));
    const dialog = screen.getByRole('dialog', { name: 'Download data' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'De-identified (faces blurred)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await screen.findByText('Your download of s.zip has started.');
    expect(calls).toContain('/api/subjects/subj-1/async-download/?videos=deidentified');
  });
});
