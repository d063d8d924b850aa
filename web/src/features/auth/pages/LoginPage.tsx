import { AuthCard } from '../components/AuthCard';
import { useAuthFlow } from '../hooks/useAuthFlow';

export default function LoginPage() {
  const { error, googleBusy, signIn, signInGoogle } = useAuthFlow();
  return (
    <AuthCard
      title="Login"
      heading="Welcome Back"
      subtitle="Sign in to see today's bargains."
      mode="sign-in"
      error={error}
      googleBusy={googleBusy}
      onGoogle={signInGoogle}
      onSubmit={signIn}
      alternative={{ prompt: "Don't have an account?", to: '/signup', label: 'Sign up' }}
    />
  );
}
