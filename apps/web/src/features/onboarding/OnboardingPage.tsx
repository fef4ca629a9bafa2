import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function OnboardingPage() {
  return <ComingSoon title="Onboarding" description="Processos de onboarding de clientes e suas etapas." />;
}
