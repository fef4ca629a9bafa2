import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function ClientsPage() {
  return <ComingSoon title="Clientes" description="Cadastro de clientes, redes sociais e credenciais de acesso." />;
}
