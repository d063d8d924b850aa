import { validateCredentials, validateEmail, validatePassword } from './validation';

describe('login and signup validation (docs/reference.md#validation)', () => {
  it('requires an email', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
  });

  it.each(['plainaddress', 'a@b', 'a@b.c', 'two@@example.com', 'spaces in@example.com', '@example.com'])(
    'rejects %p as an invalid address',
    (email) => {
      expect(validateEmail(email)).toBe('Invalid email address');
    },
  );

  it.each(['shopper@example.com', 'first.last+deals@mail.example.co.uk', ' padded@example.com '])(
    'accepts %p',
    (email) => {
      expect(validateEmail(email)).toBeUndefined();
    },
  );

  it('requires a password of at least 6 characters', () => {
    expect(validatePassword('')).toBe('Password is required');
    expect(validatePassword('12345')).toBe('Password must be at least 6 characters');
    expect(validatePassword('123456')).toBeUndefined();
  });

  it('reports every invalid field at once, and nothing for valid input', () => {
    expect(validateCredentials({ email: '', password: '123' })).toEqual({
      email: 'Email is required',
      password: 'Password must be at least 6 characters',
    });
    expect(validateCredentials({ email: 'shopper@example.com', password: 'secret1' })).toEqual({});
  });
});
