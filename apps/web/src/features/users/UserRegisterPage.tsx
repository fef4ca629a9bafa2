import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function UserRegisterPage() {
  return <ComingSoon title="Cadastro de Novo Usuário" />;
}
