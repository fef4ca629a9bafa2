import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function ThemesPage() {
  return <ComingSoon title="Temas" description="Escolha o visual do seu espaço de trabalho." />;
}
