import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CameraFiles, filesProblem, type CameraFileMap } from './CameraFiles';
import type { VideoFileInfo } from './video-file';

const cameras = [
  { device_id: 'a', name: 'Camera 1' },
  { device_id: 'b', name: 'Camera 2' },
];

/** jsdom decodes no video: the reader answers from the file's name. */
async function read(file: File): Promise<VideoFileInfo> {
  const problem = file.name.endsWith('.txt')
    ? 'notVideo'
    : file.name.startsWith('sound')
      ? 'noVideoStream'
      : null;
  return {
    file,
    thumbnail: null,
    width: problem ? null : 1080,
    height: problem ? null : 1920,
    durationSec: 2,
    problem,
  };
}

function Harness({ onValue }: { onValue?: (v: CameraFileMap) => void }) {
  const [value, setValue] = useState<CameraFileMap>({});
  return (
    <CameraFiles
      cameras={cameras}
      value={value}
      read={read}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('CameraFiles', () => {
  it('assigns a chosen file to its camera and tells a file that is not a video', async () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Choose the video of Camera 1'), {
      target: { files: [new File(['x'], 'cam1.mp4', { type: 'video/mp4' })] },
    });
    expect(await screen.findByText(/cam1\.mp4/)).toBeInTheDocument();
    expect(screen.getByText('1080 × 1920 px')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Choose the video of Camera 2'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText(/notes\.txt is not a video file/)).toBeInTheDocument();
  });

  it('keeps every camera when files chosen one by one finish reading together (no lost update)', async () => {
    // The page reads each file in a video element; on a loaded machine two reads can end in the same tick,
    // before React renders the first. The second must not start from the value without the first.
    const pending: Array<() => void> = [];
    const slowRead = (file: File) =>
      new Promise<VideoFileInfo>((resolve) => pending.push(() => void read(file).then(resolve)));
    let latest: CameraFileMap = {};
    function SlowHarness() {
      const [value, setValue] = useState<CameraFileMap>({});
      return (
        <CameraFiles
          cameras={cameras}
          value={value}
          read={slowRead}
          onChange={(v) => {
            setValue(v);
            latest = v;
          }}
        />
      );
    }
    render(<SlowHarness />);
    fireEvent.change(screen.getByLabelText('Choose the video of Camera 1'), {
      target: { files: [new File(['x'], 'cam1.mp4', { type: 'video/mp4' })] },
    });
    fireEvent.change(screen.getByLabelText('Choose the video of Camera 2'), {
      target: { files: [new File(['x'], 'cam2.mp4', { type: 'video/mp4' })] },
    });
    expect(pending).toHaveLength(2);
    for (const done of pending) done();
    await waitFor(() => expect(Object.keys(latest).sort()).toEqual(['a', 'b']));
    expect(await screen.findByText(/cam1\.mp4/)).toBeInTheDocument();
    expect(screen.getByText(/cam2\.mp4/)).toBeInTheDocument();
  });

  it('fills the empty cameras in name order from files dropped together', async () => {
    let latest: CameraFileMap = {};
    render(<Harness onValue={(v) => (latest = v)} />);
    const files = [
      new File(['x'], 'cam2.mp4', { type: 'video/mp4' }),
      new File(['x'], 'cam1.mp4', { type: 'video/mp4' }),
    ];
    fireEvent.drop(screen.getByText(/Drop the videos here/), { dataTransfer: { files, getData: () => '' } });
    await waitFor(() => expect(Object.keys(latest)).toHaveLength(2));
    expect(latest.a.file.name).toBe('cam1.mp4');
    expect(latest.b.file.name).toBe('cam2.mp4');
  });

  it('names the missing camera and a file without a picture before anything is sent', async () => {
    const file = (name: string) => new File(['x'], name, { type: 'video/mp4' });
    expect(filesProblem(cameras, { a: await read(file('cam1.mp4')) })).toBe(
      'Camera 2 has no video. Drop one video file on every camera, or go back and choose fewer cameras.',
    );
    expect(
      filesProblem(cameras, { a: await read(file('cam1.mp4')), b: await read(file('sound.mp4')) }),
    ).toMatch(/^sound\.mp4 \(Camera 2\) has no video stream/);
    expect(
      filesProblem(cameras, { a: await read(file('cam1.mp4')), b: await read(file('cam2.mp4')) }),
    ).toBeNull();
  });
});
