import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function AdminAiTestPage() {
  return <ComingSoon title="Teste de IA" description="Teste o assistente que transforma texto em tarefas." />;
}
