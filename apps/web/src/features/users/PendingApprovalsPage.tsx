import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function PendingApprovalsPage() {
  return <ComingSoon title="Aprovação de Usuários" description="Cadastros aguardando aprovação." />;
}
