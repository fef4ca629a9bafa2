import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function LearningPage() {
  return <ComingSoon title="Centro de Aprendizado" description="Trilhas, conquistas e níveis." />;
}
