// The scheduled wiring of send_digests with firebase-functions-test: hourly, UTC, secrets bound, and a
// scheduler event runs the handler once. The run itself is tested against the emulator
// (tests/functions/send-digests.test.ts).
import type { CloudEvent, CloudFunction } from 'firebase-functions/v2';
import functionsTest from 'firebase-functions-test';
import { send_digests } from './index';

const handle = jest.fn(async () => undefined);
// index.ts imports the compiled name (`.js`), which only exists in functions/lib: mock that specifier.
jest.mock('./handlers/send-digests.js', () => ({ handle: () => handle() }), { virtual: true });

const fft = functionsTest();
afterAll(() => fft.cleanup());

describe('send_digests schedule', () => {
  it('runs hourly at minute 0 UTC with the SMTP and token secrets', () => {
    expect(send_digests.__endpoint.scheduleTrigger).toMatchObject({ schedule: '0 * * * *', timeZone: 'UTC' });
    expect(send_digests.__endpoint.secretEnvironmentVariables?.map((secret) => secret.key).sort()).toEqual([
      'EMAIL_TOKEN_SECRET',
      'SMTP_URL',
    ]);
  });

  it('runs the digest handler once per scheduler event', async () => {
    // firebase-functions-test 3 runs a v2 scheduled function through its v1 scheduler wrapper, but its types
    // only describe v2 CloudEvent functions, hence the cast.
    const wrapped = fft.wrap(send_digests as unknown as CloudFunction<CloudEvent<unknown>>);
    await wrapped({});
    expect(handle).toHaveBeenCalledTimes(1);
  });
});
