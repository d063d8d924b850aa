// Emulator-backed suites make real network calls and drive a browser: give them room.
jest.setTimeout(90_000);
