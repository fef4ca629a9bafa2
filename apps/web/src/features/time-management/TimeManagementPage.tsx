import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function TimeManagementPage() {
  return <ComingSoon title="Gestão de Tempo" description="Registros de tempo da equipe." />;
}
