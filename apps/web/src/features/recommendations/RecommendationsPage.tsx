import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function RecommendationsPage() {
  return <ComingSoon title="Recomendações" description="Sugestões para melhorar o fluxo de trabalho." />;
}
