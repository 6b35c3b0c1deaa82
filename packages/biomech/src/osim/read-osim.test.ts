import { describe, expect, it } from 'vitest';
import { readOsim } from './read-osim';
import { evalDerivative, evalFunction, makeSimmSpline } from '../model/functions';

const tiny = (joint: string) => `<?xml version="1.0"?>
<OpenSimDocument Version="40000"><Model name="tiny">
<BodySet><objects><Body name="link"><mass>1</mass></Body></objects></BodySet>
<JointSet><objects>${joint}</objects></JointSet>
<MarkerSet><objects><Marker name="tip"><socket_parent_frame>/bodyset/link</socket_parent_frame><location>0 -1 0</location></Marker></objects></MarkerSet>
</Model></OpenSimDocument>`;

describe('readOsim', () => {
  it('reads a PinJoint with offset frames and a marker', () => {
    const m = readOsim(
      tiny(`<PinJoint name="pin"><socket_parent_frame>ground_offset</socket_parent_frame><socket_child_frame>link_offset</socket_child_frame>
      <coordinates><Coordinate name="q"><default_value>0.5</default_value><range>-1 1</range><clamped>true</clamped></Coordinate></coordinates>
      <frames><PhysicalOffsetFrame name="ground_offset"><socket_parent>/ground</socket_parent><translation>0 2 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>
      <PhysicalOffsetFrame name="link_offset"><socket_parent>/bodyset/link</socket_parent><translation>0 0 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame></frames></PinJoint>`),
    );
    expect(m.joints[0].parentBody).toBe('ground');
    expect(m.joints[0].parentFrame.translation).toEqual([0, 2, 0]);
    expect(m.coordinates[0]).toMatchObject({
      name: 'q',
      defaultValue: 0.5,
      range: [-1, 1],
      clamped: true,
      locked: false,
    });
    expect(m.markers[0]).toMatchObject({ name: 'tip', body: 'link', location: [0, -1, 0] });
  });

  it('rejects documents that are not OpenSim 4 models with a clear message', () => {
    expect(() => readOsim('<foo/>')).toThrow(/Not an OpenSim model/);
    expect(() => readOsim('<OpenSimDocument Version="30000"><Model name="x"/></OpenSimDocument>')).toThrow(
      /version 30000/,
    );
    expect(() => readOsim(tiny(''))).toThrow(/Body link has no joint/);
  });
});

describe('OpenSim functions', () => {
  it('SimmSpline passes through its knots, extrapolates linearly and has consistent derivatives', () => {
    const x = [0, 0.5, 1, 1.5, 2, 2.5];
    const y = x.map((v) => Math.sin(v));
    const f = makeSimmSpline(x, y);
    x.forEach((v, i) => expect(evalFunction(f, v)).toBeCloseTo(y[i], 12));
    for (const v of [0.3, 1.2, 2.2, -0.5, 3]) {
      const fd = (evalFunction(f, v + 1e-6) - evalFunction(f, v - 1e-6)) / 2e-6;
      expect(evalDerivative(f, v)).toBeCloseTo(fd, 5);
    }
    expect(evalFunction(f, 1.2)).toBeCloseTo(Math.sin(1.2), 2);
  });

  it('PolynomialFunction coefficients run from the highest power', () => {
    const f = { type: 'PolynomialFunction' as const, coefficients: [2, 0, 1] };
    expect(evalFunction(f, 3)).toBe(19);
    expect(evalDerivative(f, 3)).toBe(12);
    expect(evalFunction({ type: 'MultiplierFunction', scale: 2, fn: f }, 1)).toBe(6);
  });
});
