import { claimsWithEditor, editorRoleOptionsSchema, editorRoleTarget } from './role';

describe('claimsWithEditor', () => {
  it('adds the editor claim and keeps the others', () => {
    expect(claimsWithEditor(undefined, 'grant')).toEqual({ editor: true });
    expect(claimsWithEditor({ tier: 'ops' }, 'grant')).toEqual({ tier: 'ops', editor: true });
  });

  it('removes the editor claim (whatever its value) and keeps the others', () => {
    expect(claimsWithEditor({ tier: 'ops', editor: true }, 'revoke')).toEqual({ tier: 'ops' });
    expect(claimsWithEditor({ editor: 'yes' }, 'revoke')).toEqual({});
    expect(claimsWithEditor(undefined, 'revoke')).toEqual({});
  });
});

describe('editorRoleOptionsSchema', () => {
  const valid = { grant: true, email: 'ed@example.com', emulator: true };

  it('accepts one action, an email and a target', () => {
    expect(editorRoleOptionsSchema.safeParse(valid).success).toBe(true);
    expect(
      editorRoleOptionsSchema.safeParse({ revoke: true, email: 'ed@example.com', project: 'bargains-prod' })
        .success,
    ).toBe(true);
  });

  it.each([
    ['both actions', { ...valid, revoke: true }],
    ['no action', { email: 'ed@example.com', emulator: true }],
    ['no target', { grant: true, email: 'ed@example.com' }],
    ['a bad email', { ...valid, email: 'not-an-email' }],
    ['a bad project id', { ...valid, emulator: undefined, project: 'Bad Project' }],
    ['an unknown option', { ...valid, everyone: true }],
  ])('refuses %s', (_case, options) => {
    expect(editorRoleOptionsSchema.safeParse(options).success).toBe(false);
  });
});

describe('editorRoleTarget', () => {
  it('is the emulator when asked for or when FIREBASE_AUTH_EMULATOR_HOST is set', () => {
    expect(editorRoleTarget({ emulator: true }, {})).toEqual({
      kind: 'emulator',
      host: '127.0.0.1:9099',
      projectId: 'demo-bargains',
    });
    expect(editorRoleTarget({ project: 'bargains-prod' }, { FIREBASE_AUTH_EMULATOR_HOST: 'h:1' })).toEqual({
      kind: 'emulator',
      host: 'h:1',
      projectId: 'bargains-prod',
    });
    expect(editorRoleTarget({ project: 'bargains-prod' }, {})).toEqual({
      kind: 'project',
      projectId: 'bargains-prod',
    });
  });
});
