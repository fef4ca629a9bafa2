import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function AccessProfilesPage() {
  return <ComingSoon title="Perfis de Acesso" description="Perfis e permissões por módulo." />;
}
