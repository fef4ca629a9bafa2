import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function ClientEditPage() {
  return <ComingSoon title="Editar Cliente" description="Dados do cliente, redes sociais e senhas & acessos." />;
}
