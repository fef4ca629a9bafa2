import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function NotificationSettingsPage() {
  return <ComingSoon title="Configurações de Notificação" description="Escolha como deseja ser avisado: e-mail, navegador e som." />;
}
