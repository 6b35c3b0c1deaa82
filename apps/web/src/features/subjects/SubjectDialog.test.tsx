import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUBJECT_MESSAGES as M, type Subject } from '@poselab/contract';
import { createQueryClient } from '../../App';
import { authStore } from '../../auth/auth-store';
import { i18n } from '../../i18n';
import { ToastProvider } from '../../toast/toast';
import { SubjectDialog } from './SubjectDialog';

const VOCAB = [
  { value: 'unimpaired', label: 'Unimpaired' },
  { value: 'stroke', label: 'Stroke' },
];

function savedSubject(body: Record<string, unknown>): Subject {
  return {
    id: 's1',
    name: String(body.name),
    weight: Number(body.weight),
    height: Number(body.height),
    birth_year: Number(body.birth_year),
    sex_at_birth: null,
    gender: null,
    sex_display: '',
    gender_display: '',
    subject_tags: body.subject_tags as string[],
    characteristics: '',
    terms: true,
    created_at: '',
    updated_at: '',
    share_token: 'x',
    trashed: false,
    trashed_at: null,
    display_name: '',
    display_name_imperial: '',
  };
}

/** Fake server: the vocabulary file, and POST /subjects/ answering `answer(body)`. */
function mockFetch(answer: (body: Record<string, unknown>) => { status: number; json: unknown }) {
  const posted: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/tags/subject-tags.json') return new Response(JSON.stringify(VOCAB));
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      posted.push(body);
      const a = answer(body);
      return new Response(JSON.stringify(a.json), { status: a.status });
    }),
  );
  return posted;
}

function renderDialog(onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <SubjectDialog open onClose={vi.fn()} onSaved={onSaved} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return onSaved;
}

async function fill(weight: string, height: string) {
  const user = userEvent.setup();
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Jane' } });
  fireEvent.change(screen.getByLabelText(/^Weight/), { target: { value: weight } });
  fireEvent.change(screen.getByLabelText(/^Height/), { target: { value: height } });
  fireEvent.change(screen.getByLabelText(/^Birth year/), { target: { value: '1990' } });
  await user.click(screen.getByLabelText(/^Subject tags/));
  await user.click(await screen.findByRole('option', { name: 'Unimpaired' }));
  await user.click(screen.getByRole('checkbox', { name: /informed consent/ }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('SubjectDialog', () => {
  it(`an imperial user's 5'6" and 150 lbs are sent as 1.6764 m and 68.04 kg`, async () => {
    authStore.update({ unit: 'imperial' });
    const posted = mockFetch((b) => ({ status: 200, json: savedSubject(b) }));
    const onSaved = renderDialog();
    expect(screen.getByText('lbs')).toBeInTheDocument();
    const user = await fill('150', `5'6"`);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted[0]).toMatchObject({
      name: 'Jane',
      weight: 68.04,
      height: 1.6764,
      birth_year: 1990,
      subject_tags: ['unimpaired'],
      terms: true,
    });
  });

  it('shows the rules messages and disables Save after a failed attempt', async () => {
    authStore.update({ unit: 'metric' });
    const posted = mockFetch(() => ({ status: 500, json: {} }));
    renderDialog();
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText(/^Weight/), { target: { value: '250' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.weightMaxKg)).toBeInTheDocument();
    expect(screen.getAllByText(M.required).length).toBeGreaterThan(0);
    expect(screen.getByText(M.subjectTags)).toBeInTheDocument();
    expect(screen.getByText('The subject must agree to continue!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(posted).toHaveLength(0);
  });

  it("puts a 400's field errors under the fields and stays open", async () => {
    authStore.update({ unit: 'metric' });
    mockFetch(() => ({
      status: 400,
      json: { message: 'bad', errors: { name: ['Server says no.'], birth_year: ['Too old.'] } },
    }));
    const onSaved = renderDialog();
    const user = await fill('70', '1.8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Server says no.')).toBeInTheDocument();
    expect(screen.getByText('Too old.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks before Escape or Cancel throws away what was typed, and closes at once when nothing changed', async () => {
    mockFetch(() => ({ status: 500, json: {} }));
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <SubjectDialog open onClose={onClose} onSaved={vi.fn()} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Jane' } });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Discard your changes?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Jane');

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('reads a German decimal comma in weight and height', async () => {
    await i18n.changeLanguage('de');
    const posted = mockFetch((body) => ({ status: 201, json: savedSubject(body) }));
    renderDialog();
    expect(screen.getByLabelText(/^Größe/)).toHaveValue('1,8');
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Grete' } });
    fireEvent.change(screen.getByLabelText(/^Gewicht/), { target: { value: '68,5' } });
    fireEvent.change(screen.getByLabelText(/^Größe/), { target: { value: '1,75' } });
    fireEvent.change(screen.getByLabelText(/^Geburtsjahr/), { target: { value: '1990' } });
    await user.click(screen.getByLabelText(/^Probanden-Tags/));
    await user.click(await screen.findByRole('option', { name: 'Ohne Beeinträchtigung' }));
    await user.click(screen.getByRole('checkbox', { name: /eingewilligt/ }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ weight: 68.5, height: 1.75 });
  });

  it('Escape in the tags list closes the list, not the dialog; the discard question starts on No (issue #29)', async () => {
    authStore.update({ unit: 'metric' });
    mockFetch(() => ({ status: 500, json: {} }));
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <SubjectDialog open onClose={onClose} onSaved={vi.fn()} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    await user.click(screen.getByLabelText(/^Subject tags/));
    await user.click(await screen.findByRole('option', { name: 'Unimpaired' }));
    // The list stays open after a pick (several tags are picked in a row); Escape closes it only.
    await user.click(screen.getByRole('option', { name: 'Stroke' }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByText('Discard your changes?')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Unimpaired' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stroke' })).toBeInTheDocument();

    // A second Escape asks, with No focused: Enter keeps the form.
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Discard your changes?')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'No' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Discard your changes?')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Stroke' })).toBeInTheDocument();
  });
});
