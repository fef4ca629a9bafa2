import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function AdminSettingsPage() {
  return <ComingSoon title="Configurações de E-mail" description="Status do serviço, e-mails de teste e fila de envio." />;
}
