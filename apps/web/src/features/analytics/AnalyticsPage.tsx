import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function AnalyticsPage() {
  return <ComingSoon title="Analytics" description="Indicadores da equipe e relatórios." />;
}
