import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function ProfilePage() {
  return <ComingSoon title="Meu Perfil" description="Informações da conta, dados pessoais e senha." />;
}
