import { AuthCard } from '../components/AuthCard';
import { useAuthFlow } from '../hooks/useAuthFlow';

export default function SignupPage() {
  const { error, googleBusy, signUp, signInGoogle } = useAuthFlow();
  return (
    <AuthCard
      title="Sign Up"
      heading="Create an Account"
      subtitle="Curated deals for $2/month. Cancel anytime."
      mode="sign-up"
      error={error}
      googleBusy={googleBusy}
      onGoogle={signInGoogle}
      onSubmit={signUp}
      alternative={{ prompt: 'Already have an account?', to: '/login', label: 'Log in' }}
    />
  );
}
