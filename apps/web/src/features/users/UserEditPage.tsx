import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function UserEditPage() {
  return <ComingSoon title="Editar Usuário" />;
}
