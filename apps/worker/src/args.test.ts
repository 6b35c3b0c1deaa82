import { describe, expect, it } from 'vitest';
import { parseWorkerArgs } from './args';

describe('parseWorkerArgs', () => {
  it('reads server, token and concurrency', () => {
    expect(parseWorkerArgs(['--server', 'http://h:8080/', '--token=abc', '--concurrency', '2'])).toEqual({
      server: 'http://h:8080',
      token: 'abc',
      concurrency: 2,
    });
  });
  it('refuses missing or invalid values with the usage text', () => {
    expect(() => parseWorkerArgs(['--server', 'http://h'])).toThrow(/--server and --token are required/);
    expect(() => parseWorkerArgs(['--server', 'nope', '--token', 't'])).toThrow(/must be a URL/);
    expect(() => parseWorkerArgs(['--server', 'http://h', '--token', 't', '--concurrency', '0'])).toThrow(
      /positive integer/,
    );
  });
});
