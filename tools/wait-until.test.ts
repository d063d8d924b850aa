import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitForHttp, waitUntil } from './wait-until';

describe('waitUntil', () => {
  it('returns the first value that is done, reading until then', async () => {
    let reads = 0;
    const value = await waitUntil(
      () => (reads += 1),
      (count) => count === 3,
      { what: 'three reads', intervalMs: 1 },
    );
    expect({ value, reads }).toEqual({ value: 3, reads: 3 });
  });

  it('counts a read that throws as "not yet"', async () => {
    let reads = 0;
    const value = await waitUntil(
      () => {
        reads += 1;
        if (reads < 3) throw new Error('not listening');
        return 'up';
      },
      (state) => state === 'up',
      { what: 'the server', intervalMs: 1 },
    );
    expect(value).toBe('up');
  });

  it('gives up after the timeout, naming what it waited for and the last value or error', async () => {
    await expect(
      waitUntil(
        () => ({ status: 'pending' }),
        () => false,
        { what: 'the webhook', timeoutMs: 20, intervalMs: 5 },
      ),
    ).rejects.toThrow('the webhook not ready within 0.02s (last: {"status":"pending"})');
    await expect(
      waitUntil(
        () => {
          throw new Error('ECONNREFUSED');
        },
        () => true,
        { what: 'the emulator', timeoutMs: 20, intervalMs: 5 },
      ),
    ).rejects.toThrow('the emulator not ready within 0.02s (last: ECONNREFUSED)');
  });
});

describe('waitForHttp', () => {
  let server: Server;
  let status = 503;
  beforeAll(async () => {
    server = createServer((_request, response) => response.writeHead(status).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  it('waits while the server answers 5xx and resolves once it answers below 500', async () => {
    setTimeout(() => (status = 404), 30);
    await expect(waitForHttp(url(), { what: 'the server', intervalMs: 5, timeoutMs: 2_000 })).resolves.toBe(
      undefined,
    );
    expect(status).toBe(404);
  });

  it('fails when the server keeps answering 5xx', async () => {
    status = 500;
    await expect(waitForHttp(url(), { what: 'the server', intervalMs: 5, timeoutMs: 30 })).rejects.toThrow(
      'the server not ready within 0.03s (last: 500)',
    );
  });
});
