import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function UsersPage() {
  return <ComingSoon title="Gerenciamento de Usuários" description="Equipe, perfis de acesso e novos usuários." />;
}
